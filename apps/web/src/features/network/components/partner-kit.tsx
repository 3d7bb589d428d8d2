import { useMemo, type ReactNode } from 'react';
import { Button, Form, Input, InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERMS, type CallName, type StatementParty } from '@cbo/contract';
import type { z } from 'zod';
import { useHoldsScreen } from '@/shared/permission';
import { useZodRule } from '@/shared/form';
import { timeColumn, useRowAction, type FilterField, type ListColumn } from '@/shared/list-page';
import { SimulatedTag, StatusTag, useNetLabel } from './network-data';
import { PartnerStatement, useStatementParam } from './partner-statement';

/*
 * The parts every partner list of the network repeats (agents, service providers, ground
 * pushers, teams, regions, members): the status filter, the name with the simulator's mark, the
 * mobile, the status tag, the creation time, the row's link buttons, the password field and the
 * switch to a partner's statement. Each screen keeps only what is its own (its columns, its form).
 * The columns are typed on the few fields they read, so one definition fits every partner's row.
 */

/** The columns and the status filter the partner lists share, in the console's language. */
export function usePartnerColumns() {
  const { t } = useTranslation(['network', 'kit']);
  const net = useNetLabel();
  return useMemo(
    () => ({
      /** Normal or frozen. */
      statusFilter: {
        type: 'select',
        name: 'status',
        label: t('common.status'),
        options: [0, 1].map((v) => ({ value: v, label: net.status(v) })),
      } satisfies FilterField<'status'>,
      /** The partner's name (or `dataIndex`), pinned left, sortable, with the simulator's mark. */
      name: <R extends { simulated: boolean }>(title: string, dataIndex = 'name'): ListColumn<R, true> => ({
        title,
        dataIndex,
        key: dataIndex,
        fixed: 'left',
        sortable: true,
        render: (v: ReactNode, r) => (
          <Space size={4} wrap>
            {v}
            <SimulatedTag simulated={r.simulated} />
          </Space>
        ),
      }),
      /** Area code and number: `+86 13800000000`. */
      mobile: <R extends { areaCode: string; mobile: string }>(): ListColumn<R, false> => ({
        title: t('common.mobile'),
        key: 'mobile',
        width: 150,
        render: (_: unknown, r) => `+${r.areaCode} ${r.mobile}`,
      }),
      /** Normal (green) or frozen (red) with the reason as its title. */
      status: <R extends { freezeReason: string | null }>(width = 90): ListColumn<R, false> => ({
        title: t('common.status'),
        dataIndex: 'status',
        key: 'status',
        width,
        render: (v: number, r) => <StatusTag status={v} reason={r.freezeReason} />,
      }),
      /** When the record was made: sortable, hidden until shown unless `shown`. */
      createTime: <R,>(title = t('common.createTime'), shown = false) =>
        timeColumn<R, true>(title, { hidden: !shown, sortable: true }),
      /** A partner's share in percent, sortable. */
      ratio: <R,>(title: string): ListColumn<R, true> => ({
        title,
        dataIndex: 'ratio',
        key: 'ratio',
        sortable: true,
        render: (v: number) => `${v}%`,
      }),
      /** A text that may be empty: '-' then. */
      optional: <R,>(title: string, dataIndex: string): ListColumn<R, false> => ({
        title,
        dataIndex,
        key: dataIndex,
        render: (v: string | null) => v ?? '-',
      }),
    }),
    [t, net],
  );
}

/** One link button of a row's actions; nothing when `onClick` is not given (the action is not allowed). */
export interface RowLink {
  label: string;
  onClick?: () => void;
  danger?: boolean;
}

/** A row's link buttons side by side (statement, edit, freeze or unfreeze, delete...), the allowed ones only. */
export function RowLinks({ links, wrap }: { links: RowLink[]; wrap?: boolean }) {
  return (
    <Space size={0} wrap={wrap}>
      {links
        .filter((l) => l.onClick)
        .map((l) => (
          <Button key={l.label} type="link" size="small" danger={l.danger} onClick={l.onClick}>
            {l.label}
          </Button>
        ))}
    </Space>
  );
}

/** Freeze (a frozen record: unfreeze) as a row link, when the account may change the status. */
export function useFreezeLink() {
  const { t } = useTranslation('network');
  return (allowed: boolean, status: number, freeze: () => void, unfreeze: () => void): RowLink =>
    status === 0
      ? { label: t('common.freeze'), danger: true, onClick: allowed ? freeze : undefined }
      : { label: t('common.unfreeze'), onClick: allowed ? unfreeze : undefined };
}

/**
 * Unfreezing a frozen partner from its row: asks first (`confirmTitle` names the record), sends
 * the status call and says "Unfrozen"; `run(row)` is stable for a memoised column list.
 */
export function useUnfreeze<R>(options: {
  confirmTitle: (row: R) => string;
  call: (row: R) => Promise<unknown>;
  invalidates: CallName[];
}) {
  const { t } = useTranslation('network');
  return useRowAction<R>({
    confirm: (row) => ({ title: options.confirmTitle(row) }),
    call: options.call,
    success: t('common.unfrozen'),
    invalidates: options.invalidates,
  });
}

/**
 * A partner list and a partner's statement share a screen (`?statement=<kind>:<id>`): `view` is
 * the statement when one is open (show it instead of the list), `link(kind, id)` the row's
 * "Statement" link, offered to whoever may open the agent list (its call answers statements).
 */
export function usePartnerStatement() {
  const { t } = useTranslation('network');
  const statement = useStatementParam();
  const allowed = useHoldsScreen(PERMS.agentQuery);
  const { open } = statement;
  const link = useMemo(
    () =>
      (kind: StatementParty, id: number): RowLink => ({
        label: t('partners.statement'),
        onClick: allowed ? () => open(kind, id) : undefined,
      }),
    [t, allowed, open],
  );
  const view = statement.statement ? (
    <PartnerStatement partyKind={statement.statement.kind} partyId={statement.statement.id} onBack={statement.close} />
  ) : null;
  return { view, link, open };
}

/** A share in whole percent (0 to 100), as the partner forms take it. */
export function PercentInput(props: { value?: number | null; onChange?: (v: number | null) => void; id?: string }) {
  return <InputNumber {...props} min={0} max={100} precision={0} addonAfter="%" style={{ width: 160 }} />;
}

/**
 * An app account's password: required when the account is created (the contract's rule without
 * its optional), kept when left blank on an edit.
 */
export function PasswordItem({
  creating,
  schema,
  name = 'password',
}: {
  creating: boolean;
  schema: z.ZodOptional<z.ZodType>;
  name?: string;
}) {
  const { t } = useTranslation('network');
  const rule = useZodRule();
  return (
    <Form.Item
      name={name}
      label={t('common.password')}
      extra={creating ? t('common.passwordHint') : t('common.passwordKeep')}
      rules={[creating ? rule(schema.unwrap(), t('common.password')) : rule(schema, t('common.password'))]}
    >
      <Input.Password maxLength={18} autoComplete="new-password" />
    </Form.Item>
  );
}
