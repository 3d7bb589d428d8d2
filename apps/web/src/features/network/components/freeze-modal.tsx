import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/shared/list-page';

/** Freezing an app account (its sessions end); the reason is kept when given. */
export function FreezeModal({
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
