import type { CSSProperties } from 'react';
import { Tooltip, theme } from 'antd';
import { LockOutlined, ThunderboltFilled, UnlockOutlined, WarningFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import './cabinet-slots.css';
import { EmptyState } from '@/shared/empty-state';

/** One slot as the cabinet's `inventory` message reports it (protocol.md). */
export interface SlotView {
  slot: number;
  powerBankId: string | null;
  battery: number | null;
  locked: boolean;
  fault: string | null;
  charging: boolean;
}

/** Battery bands: below 20 % a power bank is not rented out, 20-59 % is low, 60 % and up is good. */
export type BatteryLevel = 'good' | 'low' | 'critical' | 'unknown';
export function batteryLevel(battery: number | null | undefined): BatteryLevel {
  if (battery === null || battery === undefined || Number.isNaN(battery)) return 'unknown';
  if (battery < 20) return 'critical';
  if (battery < 60) return 'low';
  return 'good';
}

export interface SlotSummary {
  total: number;
  occupied: number;
  free: number;
  faulty: number;
  charging: number;
}

/**
 * The counts shown above the picture. `slotCount` is the number of slots the cabinet
 * registered with; a slot the inventory did not mention counts as free.
 */
export function summarizeSlots(slots: readonly SlotView[], slotCount?: number): SlotSummary {
  const total = Math.max(slotCount ?? 0, slots.length);
  const occupied = slots.filter((s) => s.powerBankId).length;
  return {
    total,
    occupied,
    free: total - occupied,
    faulty: slots.filter((s) => s.fault).length,
    charging: slots.filter((s) => s.powerBankId && s.charging).length,
  };
}

/** Slots 1..slotCount in order; a slot missing from the inventory shows as empty. */
export function fillSlots(slots: readonly SlotView[], slotCount?: number): SlotView[] {
  const bySlot = new Map(slots.map((s) => [s.slot, s]));
  const total = Math.max(slotCount ?? 0, ...slots.map((s) => s.slot), 0);
  const out: SlotView[] = [];
  for (let n = 1; n <= total; n++)
    out.push(
      bySlot.get(n) ?? { slot: n, powerBankId: null, battery: null, locked: true, fault: null, charging: false },
    );
  return out;
}

export interface CabinetSlotsProps {
  slots: readonly SlotView[];
  /** Slots the cabinet registered with (protocol `register.slots`). */
  slotCount?: number;
  /** Makes each slot a button (picking a slot for an eject or an open-lock). */
  onSlotClick?: (slot: SlotView) => void;
  selectedSlot?: number | null;
  /** Hides the counts line. */
  hideSummary?: boolean;
}

/**
 * The picture of a cabinet: one tile per slot with its power bank ID, battery bar (coloured by
 * band), lock state, fault and charging; empty slots dashed. The grid fits as many columns as
 * the width allows, so it reads the same in a 640 px drawer and on a phone.
 */
export function CabinetSlots({ slots, slotCount, onSlotClick, selectedSlot, hideSummary }: CabinetSlotsProps) {
  const { t } = useTranslation('fleet');
  const { token } = theme.useToken();
  const filled = fillSlots(slots, slotCount);
  if (filled.length === 0) return <EmptyState description={t('slots.none')} />;
  const summary = summarizeSlots(slots, slotCount);
  const colour: Record<BatteryLevel, string> = {
    good: token.colorSuccess,
    low: token.colorWarning,
    critical: token.colorError,
    unknown: token.colorTextQuaternary,
  };
  const vars = {
    '--slot-border': token.colorBorder,
    '--slot-bg': token.colorBgContainer,
    '--slot-track': token.colorFillSecondary,
    '--slot-focus': token.colorPrimary,
  } as CSSProperties;

  return (
    <div style={vars}>
      {!hideSummary && (
        <div className="cabinet-slots-legend" data-testid="slot-summary">
          <span>{t('slots.total', { value: summary.total })}</span>
          <span>{t('slots.occupied', { value: summary.occupied })}</span>
          <span>{t('slots.free', { value: summary.free })}</span>
          {summary.faulty > 0 && (
            <span style={{ color: token.colorError }}>{t('slots.faulty', { value: summary.faulty })}</span>
          )}
          <span>{t('slots.charging', { value: summary.charging })}</span>
        </div>
      )}
      <div className="cabinet-slots" role="list" aria-label={t('slots.title')}>
        {filled.map((s) => {
          const level = batteryLevel(s.battery);
          const empty = !s.powerBankId;
          const label = [
            t('slots.slotNo', { slot: s.slot }),
            empty ? t('slots.empty') : s.powerBankId,
            !empty && s.battery !== null ? `${s.battery}%` : null,
            s.locked ? t('slots.locked') : t('slots.unlocked'),
            s.fault ? t('slots.fault', { fault: t(`fault.${s.fault}`, { defaultValue: s.fault }) }) : null,
            !empty && s.charging ? t('slots.chargingOne') : null,
          ]
            .filter(Boolean)
            .join(', ');
          const className = ['cabinet-slot', empty && 'is-empty', selectedSlot === s.slot && 'is-selected']
            .filter(Boolean)
            .join(' ');
          const style: CSSProperties = s.fault ? { borderColor: token.colorError, background: token.colorErrorBg } : {};
          const body = (
            <>
              <div className="cabinet-slot-head">
                <span className="cabinet-slot-no">{s.slot}</span>
                <span className="cabinet-slot-icons">
                  {!empty && s.charging && <ThunderboltFilled style={{ color: token.colorWarning }} aria-hidden />}
                  {s.fault && <WarningFilled style={{ color: token.colorError }} aria-hidden />}
                  {s.locked ? (
                    <LockOutlined aria-hidden />
                  ) : (
                    <UnlockOutlined style={{ color: token.colorWarning }} aria-hidden />
                  )}
                </span>
              </div>
              {empty ? (
                <span style={{ color: token.colorTextTertiary }}>{t('slots.empty')}</span>
              ) : (
                <>
                  <Tooltip title={s.powerBankId}>
                    <span className="cabinet-slot-id">{s.powerBankId}</span>
                  </Tooltip>
                  <div className="cabinet-slot-battery" aria-hidden>
                    <span
                      data-level={level}
                      style={{ width: `${Math.max(0, Math.min(100, s.battery ?? 0))}%`, background: colour[level] }}
                    />
                  </div>
                  <span style={{ color: colour[level] }}>{s.battery === null ? '-' : `${s.battery}%`}</span>
                </>
              )}
              {s.fault && (
                <span style={{ color: token.colorError }}>{t(`fault.${s.fault}`, { defaultValue: s.fault })}</span>
              )}
            </>
          );
          return onSlotClick ? (
            <button
              key={s.slot}
              type="button"
              role="listitem"
              className={className}
              style={style}
              aria-label={label}
              aria-pressed={selectedSlot === s.slot}
              data-slot={s.slot}
              onClick={() => onSlotClick(s)}
            >
              {body}
            </button>
          ) : (
            <div key={s.slot} role="listitem" className={className} style={style} aria-label={label} data-slot={s.slot}>
              {body}
            </div>
          );
        })}
      </div>
    </div>
  );
}
