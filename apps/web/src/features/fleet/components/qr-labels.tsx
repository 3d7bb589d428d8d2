import { Alert, Button, Modal, QRCode, Skeleton, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callKey } from '@/shared/list-page';
import { ApiError, request } from '@/shared/request';
import './qr-labels.css';

/**
 * Printable QR labels of one cabinet or a batch: the server builds each label's content from the
 * QR code address of the system configuration (one rule, also used to read scans back); the
 * browser's print dialog prints the sheet (or saves it as a PDF), one label per cell, nothing else
 * of the page.
 */
export function QrLabelsDialog({ sns, open, onClose }: { sns: string[]; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('fleet');
  const labels = useQuery({
    queryKey: callKey('cabinetQrLabels', { sns: sns.join(',') }),
    queryFn: ({ signal }) => request('cabinetQrLabels', { query: { sns: sns.join(',') } }, { signal, silent: true }),
    enabled: open && sns.length > 0,
    retry: false,
    gcTime: 0,
  });
  const failure = labels.error instanceof ApiError ? labels.error.message : labels.error ? String(labels.error) : null;
  return (
    <Modal
      open={open}
      onCancel={onClose}
      width={760}
      title={t('qr.title', { count: sns.length })}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('qr.close')}
        </Button>,
        <Button
          key="print"
          type="primary"
          icon={<PrinterOutlined />}
          disabled={!labels.data}
          onClick={() => window.print()}
        >
          {t('qr.print')}
        </Button>,
      ]}
    >
      {failure ? (
        <Alert type="error" showIcon message={failure} />
      ) : !labels.data ? (
        <Skeleton active />
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t('qr.hint', { base: labels.data.baseUrl })}</Typography.Paragraph>
          <div className="qr-sheet" data-testid="qr-sheet">
            {labels.data.labels.map((l) => (
              <figure className="qr-label" key={l.sn}>
                <QRCode value={l.content} type="svg" size={132} bordered={false} />
                <figcaption>{l.sn}</figcaption>
              </figure>
            ))}
          </div>
        </>
      )}
    </Modal>
  );
}
