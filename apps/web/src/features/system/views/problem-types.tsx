import { useMemo } from 'react';
import { Button, Form, Input, InputNumber, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERMS, PROBLEM_TYPE_STATUSES, problemTypeSave, type ProblemTypeItem } from '@cbo/contract';
import type { z } from 'zod';
import { request } from '@/shared/request';
import { useButtons } from '@/shared/permission';
import { useZodRule } from '@/shared/form';
import {
  AddButton,
  FormDrawer,
  ListPage,
  optionsOf,
  useOverlay,
  useRowAction,
  type ColumnsOf,
  type FiltersOf,
  timeColumn,
} from '@/shared/list-page';
import { doneText } from '@/shared/feedback';

type Values = z.infer<typeof problemTypeSave>;

/**
 * System management → problem type configuration (menu url system/problem-types): the problem
 * types of repair tickets and feedback, in use or deleted. Deleting marks the type, so
 * tickets that used it keep their wording.
 */
export default function ProblemTypesView() {
  const { t } = useTranslation('system');
  const buttons = useButtons();
  const rule = useZodRule();
  const edit = useOverlay<ProblemTypeItem>();
  const remove = useRowAction<ProblemTypeItem>({
    confirm: (row) => ({ title: t('problemTypes.confirmDelete', { name: row.name }), danger: true }),
    call: (row) => request('problemTypeDelete', { query: { id: row.id } }),
    success: doneText('deleted'),
    invalidates: ['problemTypeQueryPage'],
  });
  const canEdit = buttons.has(PERMS.problemTypeEdit);
  const canDelete = buttons.has(PERMS.problemTypeDelete);

  const filters = useMemo<FiltersOf<'problemTypeQueryPage'>>(
    () => [
      { type: 'text', name: 'name', label: t('problemTypes.name'), maxLength: 16 },
      {
        type: 'select',
        name: 'status',
        label: t('problemTypes.status'),
        options: optionsOf(PROBLEM_TYPE_STATUSES, (s) => t(`problemTypes.statuses.${s}`)),
      },
    ],
    [t],
  );
  const columns = useMemo<ColumnsOf<'problemTypeQueryPage'>>(
    () => [
      { title: t('problemTypes.name'), dataIndex: 'name', key: 'name', width: 220, ellipsis: true },
      {
        title: t('problemTypes.status'),
        dataIndex: 'status',
        key: 'status',
        width: 110,
        render: (v: ProblemTypeItem['status']) => (
          <Tag color={v === 'inUse' ? 'success' : 'default'}>{t(`problemTypes.statuses.${v}`)}</Tag>
        ),
      },
      { title: t('problemTypes.sort'), dataIndex: 'sort', key: 'sort', width: 90 },
      { title: t('problemTypes.remark'), dataIndex: 'remark', key: 'remark', width: 280, ellipsis: true },
      timeColumn(t('problemTypes.updateTime'), { dataIndex: 'updateTime', width: 180 }),
      ...(canEdit || canDelete
        ? [
            {
              title: t('kit:actions'),
              key: 'actions',
              fixed: 'right' as const,
              width: 130,
              render: (_: unknown, row: ProblemTypeItem) =>
                row.status === 'inUse' ? (
                  <Space size={0}>
                    {canEdit && (
                      <Button type="link" size="small" onClick={() => edit.show(row)}>
                        {t('problemTypes.edit')}
                      </Button>
                    )}
                    {canDelete && (
                      <Button type="link" size="small" danger onClick={() => remove.run(row)}>
                        {t('problemTypes.delete')}
                      </Button>
                    )}
                  </Space>
                ) : (
                  '-'
                ),
            },
          ]
        : []),
    ],
    [t, canEdit, canDelete, edit, remove.run],
  );

  return (
    <ListPage
      listCall="problemTypeQueryPage"
      rowKey="id"
      title={t('problemTypes.title')}
      filters={filters}
      columns={columns}
      exportCall="problemTypeExport"
      exportPerm={PERMS.problemTypeExport}
      toolbar={
        <AddButton perm={PERMS.problemTypeEdit} onClick={() => edit.show()}>
          {t('problemTypes.add')}
        </AddButton>
      }
    >
      <FormDrawer<Values>
        open={edit.open}
        name="problemType"
        title={edit.record ? t('problemTypes.editTitle') : t('problemTypes.add')}
        onClose={edit.hide}
        initialValues={
          edit.record
            ? { name: edit.record.name, sort: edit.record.sort, remark: edit.record.remark }
            : { sort: 0, remark: '' }
        }
        invalidates={['problemTypeQueryPage']}
        onSubmit={(v) => request('problemTypeSave', { body: { ...v, remark: v.remark ?? '', id: edit.record?.id } })}
      >
        <Form.Item
          name="name"
          label={t('problemTypes.name')}
          rules={[rule(problemTypeSave.shape.name, t('problemTypes.name'))]}
        >
          <Input maxLength={16} showCount />
        </Form.Item>
        <Form.Item
          name="sort"
          label={t('problemTypes.sort')}
          rules={[rule(problemTypeSave.shape.sort, t('problemTypes.sort'))]}
        >
          <InputNumber style={{ width: '100%' }} min={0} max={9999} precision={0} />
        </Form.Item>
        <Form.Item
          name="remark"
          label={t('problemTypes.remark')}
          rules={[rule(problemTypeSave.shape.remark, t('problemTypes.remark'))]}
        >
          <Input maxLength={32} showCount />
        </Form.Item>
      </FormDrawer>
    </ListPage>
  );
}
