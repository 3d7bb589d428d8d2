import { Button, Col, Form, Image, Input, InputNumber, Row, Space, Switch, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { bannerInput, type BannerItem } from '@cbo/contract';
import type { z } from 'zod';
import { request } from '@/shared/request';
import { callKey, FormDrawer, useKitColumns, useOverlay, useRowAction } from '@/shared/list-page';
import { ImageInput } from './image-input';
import { toInput, useSchemaRule } from './schema-rule';
import { GroupCard } from './config-groups';
import { doneText } from '@/shared/feedback';
import { EmptyState } from '@/shared/empty-state';
import { editDeleteColumn } from './config-columns';

type BannerValues = z.infer<typeof bannerInput>;

/** User app banners in display order. */
export function BannerTab({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('system');
  const edit = useOverlay<BannerItem>();
  const [form] = Form.useForm<BannerValues>();
  const rule = useSchemaRule(form, bannerInput);
  const list = useQuery({ queryKey: callKey('configBannerList'), queryFn: () => request('configBannerList') });
  const remove = useRowAction<BannerItem>({
    confirm: (row) => ({ title: t('config.banner.confirmDelete', { title: row.title }), danger: true }),
    call: (row) => request('configDelete', { query: { kind: 'banner', id: row.id } }),
    success: doneText('deleted'),
    invalidates: ['configBannerList'],
  });
  const table = useKitColumns<BannerItem>(
    [
      {
        title: t('config.banner.img'),
        dataIndex: 'img',
        key: 'img',
        width: 130,
        render: (v: string) => <Image src={v} alt="" width={96} height={40} style={{ objectFit: 'cover' }} />,
      },
      { title: t('config.banner.titleField'), dataIndex: 'title', key: 'title', width: 180, ellipsis: true },
      {
        title: t('config.banner.link'),
        dataIndex: 'link',
        key: 'link',
        width: 220,
        ellipsis: true,
        render: (v: string) => v || '-',
      },
      { title: t('config.banner.sort'), dataIndex: 'sort', key: 'sort', width: 80 },
      {
        title: t('config.banner.enabled'),
        dataIndex: 'enabled',
        key: 'enabled',
        width: 90,
        render: (v: boolean) => <Tag color={v ? 'success' : 'default'}>{v ? t('config.on') : t('config.off')}</Tag>,
      },
      ...(canEdit
        ? [
            editDeleteColumn<BannerItem>(
              t('config.actions'),
              t('config.edit'),
              t('config.delete'),
              edit.show,
              remove.run,
            ),
          ]
        : []),
    ],
    'configBannerList',
  );

  return (
    <GroupCard
      title={t('config.banner.title')}
      extra={
        <Space>
          {canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => edit.show()}>
              {t('config.banner.add')}
            </Button>
          )}
          {table.settings}
        </Space>
      }
    >
      <div ref={table.measure}>
        <Table<BannerItem>
          rowKey="id"
          size={table.size}
          loading={list.isFetching}
          dataSource={list.data ?? []}
          pagination={false}
          scroll={{ x: table.scrollX }}
          locale={{ emptyText: <EmptyState description={t('config.banner.empty')} /> }}
          columns={table.columns}
        />
      </div>
      <FormDrawer<BannerValues>
        open={edit.open}
        name="banner"
        title={edit.record ? t('config.banner.editTitle') : t('config.banner.add')}
        onClose={edit.hide}
        form={form}
        initialValues={edit.record ?? { sort: 0, enabled: true, link: '' }}
        invalidates={['configBannerList']}
        onSubmit={(values) => {
          const v = toInput<BannerValues>(values);
          const id = edit.record?.id;
          return id ? request('configUpdateBanner', { body: { ...v, id } }) : request('configAddBanner', { body: v });
        }}
      >
        <Form.Item name="title" label={t('config.banner.titleField')} rules={[rule(['title'])]} required>
          <Input maxLength={32} showCount />
        </Form.Item>
        <Form.Item name="img" label={t('config.banner.img')} rules={[rule(['img'])]} required>
          <ImageInput />
        </Form.Item>
        <Form.Item name="link" label={t('config.banner.link')} rules={[rule(['link'])]}>
          <Input maxLength={255} />
        </Form.Item>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="sort" label={t('config.banner.sort')} rules={[rule(['sort'])]} required>
              <InputNumber style={{ width: '100%' }} min={0} max={9999} precision={0} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="enabled" label={t('config.banner.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </FormDrawer>
    </GroupCard>
  );
}
