import { useMemo, type ReactNode } from 'react';
import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { PackageTier } from '@cbo/contract';
import { useZodRule } from '@/shared/form';
import { actionsColumn, optionsOf, type FilterField, type ListColumn } from '@/shared/list-page';
import { ModelSelect, OutletCell } from './device-fields';
import { PackageTags } from './packages-input';

/*
 * What the accessory lists (cables, Bluetooth chargers) share: the device id / binding filters,
 * the id, model, binding and package columns, the edit / delete actions and the id + model part
 * of the add/edit drawer. Each screen keeps its own billing columns and fields.
 */

/** The fields every accessory row has. */
export interface AccessoryRow {
  id: string;
  modelName: string | null;
  outletId: number | null;
  outletName: string | null;
  packages: PackageTier[];
}

/** The layout that differs between the two lists (cables are narrower, carry more columns). */
interface Widths {
  id: number;
  /** Without it the model column takes the room left and is not cut. */
  model?: number;
  packages?: number;
}

/** Filters, columns and the row's actions, in the console's language. */
export function useAccessoryList() {
  const { t } = useTranslation('accessories');
  return useMemo(
    () => ({
      /** The device id typed in full or in part, and bound to an outlet or not. */
      filters: [
        { type: 'text', name: 'deviceId', label: t('device.id'), maxLength: 17 },
        {
          type: 'select',
          name: 'bound',
          label: t('device.binding'),
          options: optionsOf(['true', 'false'] as const, (v) => t(v === 'true' ? 'device.bound' : 'device.unbound')),
        },
      ] satisfies FilterField<'deviceId' | 'bound'>[],
      /** Device id (sortable), model and the outlet it is bound to. */
      deviceColumns: <R extends AccessoryRow>(w: Widths): ListColumn<R, true>[] => [
        { title: t('device.id'), dataIndex: 'id', key: 'id', sortable: true, width: w.id },
        {
          title: t('device.model'),
          dataIndex: 'modelName',
          key: 'modelName',
          ...(w.model ? { width: w.model, ellipsis: true } : {}),
          render: (v: string | null) => v ?? '-',
        },
        {
          title: t('device.binding'),
          dataIndex: 'outletName',
          key: 'outletName',
          width: 160,
          ellipsis: true,
          render: (_: unknown, r: R) => <OutletCell outletId={r.outletId} outletName={r.outletName} />,
        },
      ],
      /** The package tiers as tags. */
      packagesColumn: <R extends AccessoryRow>(w: Widths): ListColumn<R, true> => ({
        title: t('packages.title'),
        dataIndex: 'packages',
        key: 'packages',
        ...(w.packages ? { width: w.packages } : {}),
        render: (v: PackageTier[]) => <PackageTags tiers={v} />,
      }),
      /**
       * Edit and delete (each only with its button), after the screen's own `first` actions; no
       * column when the account holds none of them.
       */
      actions: <R extends AccessoryRow>(o: {
        canEdit: boolean;
        canDelete: boolean;
        onEdit: (row: R) => void;
        onDelete: (row: R) => void;
        width: number;
        first?: { shown: boolean; render: (row: R) => ReactNode };
      }) =>
        actionsColumn<R>(
          t,
          o.canEdit || o.canDelete || !!o.first?.shown,
          (row) => (
            <Space size={0}>
              {o.first?.shown && o.first.render(row)}
              {o.canEdit && (
                <Button type="link" size="small" onClick={() => o.onEdit(row)}>
                  {t('device.edit')}
                </Button>
              )}
              {o.canDelete && (
                <Button type="link" size="small" danger onClick={() => o.onDelete(row)}>
                  {t('kit:deviceDelete.ok')}
                </Button>
              )}
            </Space>
          ),
          o.width,
        ),
    }),
    [t],
  );
}

/** The device id (fixed once added) and the model, the first fields of an accessory's drawer. */
export function DeviceIdModelFields({
  kind,
  shape,
  editing,
}: {
  kind: 'cable' | 'bluetoothCharger';
  shape: { deviceId: z.ZodType; modelId: z.ZodType };
  editing: boolean;
}) {
  const { t } = useTranslation('accessories');
  const rule = useZodRule();
  return (
    <>
      <Form.Item
        name="deviceId"
        label={t('device.id')}
        rules={[rule(shape.deviceId, t('device.id'))]}
        extra={t('device.idHint')}
      >
        <Input maxLength={17} disabled={editing} />
      </Form.Item>
      <Form.Item name="modelId" label={t('device.model')} rules={[rule(shape.modelId, t('device.model'))]}>
        <ModelSelect kind={kind} />
      </Form.Item>
    </>
  );
}
