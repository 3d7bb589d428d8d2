import { useMemo } from 'react';
import { Button, Card, Flex, Form, Image, Input, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PERMS, updateSceneRequest, type DeviceSceneItem } from '@cbo/contract';
import type { z } from 'zod';
import { request } from '@/shared/request';
import { useButtons } from '@/shared/permission';
import { callKey, FormDrawer, useIsMobile, useOverlay, timeColumn } from '@/shared/list-page';
import { ImageInput } from '../components/image-input';
import { toInput, useSchemaRule } from '../components/schema-rule';

type SceneValues = z.infer<typeof updateSceneRequest>;

/**
 * System management → device scenes (menu url system/scenes): the display picture and link
 * address the user app shows for each kind of device. One row per kind, so no paging.
 */
export default function ScenesView() {
  const { t } = useTranslation('system');
  const isMobile = useIsMobile();
  const canEdit = useButtons().has(PERMS.sceneEdit);
  const edit = useOverlay<DeviceSceneItem>();
  const [form] = Form.useForm<SceneValues>();
  const rule = useSchemaRule(form, updateSceneRequest);
  const list = useQuery({ queryKey: callKey('sceneList'), queryFn: () => request('sceneList') });

  const columns = useMemo(
    () => [
      {
        title: t('scenes.deviceType'),
        dataIndex: 'deviceType',
        key: 'deviceType',
        render: (v: string) => t(`scenes.kinds.${v}`),
      },
      {
        title: t('scenes.img'),
        dataIndex: 'img',
        key: 'img',
        render: (v: string | null) =>
          v ? (
            <Image src={v} alt="" width={64} height={64} style={{ objectFit: 'contain' }} />
          ) : (
            <Typography.Text type="secondary">{t('scenes.notSet')}</Typography.Text>
          ),
      },
      { title: t('scenes.link'), dataIndex: 'link', key: 'link', render: (v: string | null) => v || '-' },
      timeColumn<DeviceSceneItem>(t('scenes.updateTime'), { dataIndex: 'updateTime' }),
      ...(canEdit
        ? [
            {
              title: t('kit:actions'),
              key: 'actions',
              render: (_: unknown, row: DeviceSceneItem) => (
                <Button type="link" size="small" onClick={() => edit.show(row)}>
                  {t('scenes.edit')}
                </Button>
              ),
            },
          ]
        : []),
    ],
    [t, canEdit, edit],
  );

  return (
    <Card>
      <Flex vertical gap={8}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('scenes.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('scenes.explain')}</Typography.Paragraph>
        <Table<DeviceSceneItem>
          rowKey="deviceType"
          size={isMobile ? 'small' : 'middle'}
          loading={list.isFetching}
          dataSource={list.data ?? []}
          columns={columns}
          pagination={false}
          scroll={{ x: 'max-content' }}
        />
      </Flex>
      <FormDrawer<SceneValues>
        open={edit.open}
        name="scene"
        title={edit.record ? t('scenes.editTitle', { kind: t(`scenes.kinds.${edit.record.deviceType}`) }) : ''}
        onClose={edit.hide}
        form={form}
        initialValues={
          edit.record
            ? { deviceType: edit.record.deviceType, img: edit.record.img ?? '', link: edit.record.link ?? '' }
            : undefined
        }
        invalidates={['sceneList']}
        onSubmit={(v) =>
          request('sceneUpdate', { body: toInput<SceneValues>({ ...v, deviceType: edit.record!.deviceType }) })
        }
      >
        <Form.Item name="img" label={t('scenes.img')} rules={[rule(['img'])]} required>
          <ImageInput call="sceneUploadImage" />
        </Form.Item>
        <Form.Item name="link" label={t('scenes.link')} rules={[rule(['link'])]}>
          <Input maxLength={255} placeholder="https://…" />
        </Form.Item>
      </FormDrawer>
    </Card>
  );
}
