import { useCallback, type ReactNode } from 'react';
import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal, useOverlay } from '@/shared/list-page';
import { request } from '@/shared/request';
import { useFreezeLink, useUnfreeze, type RowLink } from './partner-kit';

/** The app accounts frozen with an optional reason: ground pushers and outlet service providers. */
type AppAccountKind = 'pusher' | 'provider';
interface AppAccountRow {
  id: number;
  name: string;
  status: number;
}

/** The status call of each kind (both take an id, a status and, to freeze, a reason). */
function setStatus(kind: AppAccountKind, id: number, status: 0 | 1, reason?: string): Promise<unknown> {
  const body = { id, status, reason };
  return kind === 'pusher' ? request('pusherUpdateStatus', { body }) : request('providerUpdateStatus', { body });
}

/**
 * Freezing and unfreezing an app account from its list: `link(row, allowed)` is the row's Freeze link (a frozen
 * row's Unfreeze, which asks first), `modal` the freeze dialog to place once in the screen.
 */
export function useAppAccountFreeze(kind: AppAccountKind): {
  link: (row: AppAccountRow, allowed: boolean) => RowLink;
  modal: ReactNode;
} {
  const { t } = useTranslation('network');
  const listCall = kind === 'pusher' ? 'pusherQueryPage' : 'providerQueryPage';
  const freezeLink = useFreezeLink();
  const freeze = useOverlay<AppAccountRow>();
  const unfreeze = useUnfreeze<AppAccountRow>({
    confirmTitle: (row) => t(`${kind}s.unfreezeConfirm`, { name: row.name }),
    call: (row) => setStatus(kind, row.id, 0),
    invalidates: [listCall],
  });
  const { show } = freeze;
  const { run } = unfreeze;
  const link = useCallback(
    (row: AppAccountRow, allowed: boolean) =>
      freezeLink(
        allowed,
        row.status,
        () => show(row),
        () => run(row),
      ),
    [freezeLink, show, run],
  );
  const modal = (
    <FreezeModal
      open={freeze.open}
      name={freeze.record?.name ?? ''}
      onClose={freeze.hide}
      onSubmit={(reason) => setStatus(kind, freeze.record!.id, 1, reason)}
      invalidates={listCall}
    />
  );
  return { link, modal };
}

/** Freezing an app account (its sessions end); the reason is kept when given. */
function FreezeModal({
  open,
  name,
  onClose,
  onSubmit,
  invalidates,
}: {
  open: boolean;
  name: string;
  onClose: () => void;
  onSubmit: (reason: string) => Promise<unknown>;
  invalidates: 'pusherQueryPage' | 'providerQueryPage';
}) {
  const { t } = useTranslation('network');
  return (
    <FormModal<{ reason?: string }>
      open={open}
      title={t('common.freezeTitle', { name })}
      onClose={onClose}
      onSubmit={(v) => onSubmit(v.reason ?? '')}
      invalidates={[invalidates]}
      successMessage={t('common.frozen')}
    >
      <Typography.Paragraph type="secondary">{t('common.freezeAppHint')}</Typography.Paragraph>
      <Form.Item name="reason" label={t('common.reason')}>
        <Input maxLength={32} showCount />
      </Form.Item>
    </FormModal>
  );
}
