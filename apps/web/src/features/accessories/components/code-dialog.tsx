import { useState } from 'react';
import { Alert, Button, Flex, Modal, Radio, Space, Table, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DRIFT_WINDOW, label, type CableCodeItem, type CableItem } from '@cbo/contract';
import { useLang } from '@/shared/form';
import { callKey, useIsMobile, timeColumn } from '@/shared/list-page';
import { request } from '@/shared/request';
import { plainMoney } from '@/shared/money';

/**
 * Issue a cable's offline code: pick the purchased tier, get the code of the next ring position
 * (or a new code for the last duration when the user lost power), and see the codes issued.
 */
export function CodeDialog({
  cable,
  open,
  onClose,
}: {
  cable: CableItem | undefined;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('accessories');
  const isMobile = useIsMobile();
  const lang = useLang();
  const queryClient = useQueryClient();
  const [hours, setHours] = useState<number | undefined>();
  const [issued, setIssued] = useState<CableCodeItem | null>(null);
  const id = cable?.id ?? '';
  const codes = useQuery({
    queryKey: callKey('cableCodeQueryPage', { cableId: id }),
    queryFn: () => request('cableCodeQueryPage', { query: { cableId: id, pageNum: 1, pageSize: 5 } }),
    enabled: open && !!id,
  });
  const done = (c: CableCodeItem) => {
    setIssued(c);
    void queryClient.invalidateQueries({ queryKey: callKey('cableCodeQueryPage') });
    void queryClient.invalidateQueries({ queryKey: callKey('cableQueryPage') });
  };
  const issue = useMutation({
    mutationFn: () => request('cableIssueCode', { body: { deviceId: id, hours: hours! } }),
    onSuccess: done,
  });
  const reissue = useMutation({
    mutationFn: () => request('cableReissueCode', { body: { deviceId: id } }),
    onSuccess: done,
  });
  const close = () => {
    setIssued(null);
    setHours(undefined);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('code.title', { id })}
      onCancel={close}
      footer={null}
      width={isMobile ? '100%' : 620}
      destroyOnHidden
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('code.hint', { window: DRIFT_WINDOW })}</Typography.Text>
        <Radio.Group value={hours} onChange={(e) => setHours(e.target.value as number)} aria-label={t('code.tier')}>
          <Flex gap={8} wrap>
            {(cable?.packages ?? []).map((p) => (
              <Radio.Button key={p.hours} value={p.hours}>
                {p.name} · {p.hours}h · {plainMoney(p.amount)}
              </Radio.Button>
            ))}
          </Flex>
        </Radio.Group>
        <Flex gap={8} wrap>
          <Button
            type="primary"
            disabled={hours === undefined}
            loading={issue.isPending}
            onClick={() => issue.mutate()}
          >
            {t('code.issue')}
          </Button>
          <Button loading={reissue.isPending} onClick={() => reissue.mutate()}>
            {t('code.reissue')}
          </Button>
        </Flex>
        {issued && (
          <Alert
            type="success"
            showIcon
            message={
              <span>
                {t('code.issued', { hours: issued.hours, position: issued.position })}{' '}
                <Typography.Text strong copyable style={{ fontSize: 22, letterSpacing: 2 }} data-testid="issued-code">
                  {issued.code}
                </Typography.Text>
              </span>
            }
          />
        )}
        <Table<CableCodeItem>
          size="small"
          rowKey="id"
          loading={codes.isLoading}
          dataSource={codes.data?.list ?? []}
          pagination={false}
          scroll={{ x: 480 }}
          title={() => t('code.recent', { total: codes.data?.total ?? 0 })}
          columns={[
            { title: t('code.position'), dataIndex: 'position', width: 80 },
            {
              title: t('code.code'),
              dataIndex: 'code',
              render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
            },
            { title: t('code.hours'), dataIndex: 'hours', width: 70, render: (v: number) => `${v}h` },
            {
              title: t('code.kind'),
              dataIndex: 'kind',
              width: 90,
              render: (v: CableCodeItem['kind']) => (
                <Tag color={v === 'issue' ? 'blue' : 'orange'}>{label('accessories', 'codeKind', v, lang)}</Tag>
              ),
            },
            timeColumn(t('code.time'), { dataIndex: 'issueTime' }),
          ]}
        />
      </Space>
    </Modal>
  );
}
