import { useMemo } from 'react';
import { Button, Form, Input, Space } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PERMS, ignoreAddRequest, type IgnoreItem } from '@cbo/contract';
import { request } from '@/shared/request';
import { Permit, useButtons } from '@/shared/permission';
import { useZodRule } from '@/shared/form';
import { doneText } from '@/shared/feedback';
import {
  FormModal,
  ListPage,
  useOverlay,
  useRowAction,
  type ColumnsOf,
  type FiltersOf,
  timeColumn,
} from '@/shared/list-page';
import { UserSelect } from '@/shared/search-select';
import { IgnoreBatchDialog } from '../components/ignore-batch';

interface Values {
  userId?: number;
  remark?: string;
}

/**
 * Order management → deposit rule exemptions (menu url deposit/ignore): customers the deposit
 * rules do not apply to; added by picking a customer, removed after a confirmation.
 */
export default function DepositIgnoreView() {
  const { t } = useTranslation(['deposit', 'kit']);
  const rule = useZodRule();
  const canEdit = useButtons().has(PERMS.depositIgnoreEdit);
  const add = useOverlay();
  const batch = useOverlay();
  const remove = useRowAction<IgnoreItem>({
    confirm: (row) => ({
      title: t('ignore.removeConfirm', { mobile: row.userMobile }),
      content: t('ignore.removeHint'),
      danger: true,
    }),
    call: (row) => request('depositIgnoreDel', { body: { id: row.id } }),
    success: t('ignore.removed'),
    invalidates: ['depositIgnoreList'],
  });

  const filters = useMemo<FiltersOf<'depositIgnoreList'>>(
    () => [{ type: 'text', name: 'mobile', label: t('ignore.mobile'), maxLength: 20 }],
    [t],
  );
  const columns = useMemo<ColumnsOf<'depositIgnoreList'>>(
    () => [
      { title: t('ignore.mobile'), dataIndex: 'userMobile', key: 'userMobile', fixed: 'left', width: 180 },
      {
        title: t('ignore.remark'),
        dataIndex: 'remark',
        key: 'remark',
        width: 240,
        ellipsis: true,
        render: (v: string | null) => v || '-',
      },
      {
        title: t('ignore.creator'),
        dataIndex: 'creator',
        key: 'creator',
        width: 140,
        render: (v: string | null) => v ?? '-',
      },
      timeColumn(t('ignore.createTime')),
      ...(canEdit
        ? [
            {
              title: t('kit:actions'),
              key: 'actions',
              fixed: 'right' as const,
              width: 100,
              render: (_: unknown, row: IgnoreItem) => (
                <Button type="link" size="small" danger onClick={() => remove.run(row)}>
                  {t('ignore.remove')}
                </Button>
              ),
            },
          ]
        : []),
    ],
    [t, canEdit, remove.run],
  );

  return (
    <ListPage
      listCall="depositIgnoreList"
      rowKey="id"
      title={t('ignore.title')}
      filters={filters}
      columns={columns}
      emptyText={t('ignore.empty')}
      toolbar={
        <Permit perm={PERMS.depositIgnoreEdit}>
          <Space wrap>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => add.show()}>
              {t('ignore.add')}
            </Button>
            <Button icon={<UploadOutlined />} onClick={() => batch.show()}>
              {t('ignoreBatch.open')}
            </Button>
          </Space>
        </Permit>
      }
    >
      <IgnoreBatchDialog open={batch.open} onClose={batch.hide} />
      <FormModal<Values>
        open={add.open}
        name="depositIgnore"
        title={t('ignore.addTitle')}
        onClose={add.hide}
        invalidates={['depositIgnoreList']}
        successMessage={doneText('saved')}
        onSubmit={(v) =>
          request('depositIgnoreAdd', { body: { userId: v.userId!, remark: v.remark?.trim() || undefined } })
        }
      >
        <Form.Item
          name="userId"
          label={t('ignore.user')}
          rules={[rule(ignoreAddRequest.shape.userId, t('ignore.user'))]}
        >
          <UserSelect placeholder={t('ignore.userPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="remark"
          label={t('ignore.remark')}
          rules={[rule(ignoreAddRequest.shape.remark, t('ignore.remark'))]}
        >
          <Input.TextArea maxLength={64} showCount rows={2} />
        </Form.Item>
      </FormModal>
    </ListPage>
  );
}
