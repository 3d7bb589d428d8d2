import { useMemo } from 'react';
import { Col, Form, Input, Row, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERMS, teamSaveRequest, type TeamItem } from '@cbo/contract';
import { request } from '@/shared/request';
import { useButtons } from '@/shared/permission';
import { useZodRule } from '@/shared/form';
import { FormDrawer, ListPage, useRowAction, type ColumnsOf, type FiltersOf } from '@/shared/list-page';
import { AccountSelect, useRegionOptions } from '../components/network-data';
import { PercentInput, RowLinks, usePartnerColumns, usePartnerStatement } from '../components/partner-kit';
import { usePartnerEdit } from '../components/partner-edit';

interface TeamValues {
  name: string;
  regionId: number;
  leaderId: number;
  memberIds?: number[];
  ratio: number;
  appAreaCode?: string;
  appMobile?: string;
  appPassword?: string;
}
/** A blank optional field is absent (a cleared input sends ''). */
const given = (v: string | undefined) => (v && v.trim() ? v.trim() : undefined);
const field = teamSaveRequest.shape;

/**
 * Operation management → team management (menu url network/teams): teams of direct-sales
 * operators (staff accounts, each in one team at most) working a region, and the team's share of
 * its direct outlets' orders (the operator's link of the profit chain).
 */
export default function TeamsView() {
  const { t } = useTranslation(['network', 'kit']);
  const rule = useZodRule();
  const buttons = useButtons();
  const cols = usePartnerColumns();
  const statement = usePartnerStatement();
  const regions = useRegionOptions();
  const { edit, addButton, drawer } = usePartnerEdit<TeamItem>('teams', PERMS.teamSave);

  const remove = useRowAction<TeamItem>({
    // The server refuses a team that outlets, money or a withdrawal still hang on, naming which (a toast after the dialog).
    confirm: (row) => ({
      title: t('teams.deleteConfirm', { name: row.name }),
      content: t('teams.deleteHint'),
      danger: true,
    }),
    call: (row) => request('teamDelete', { query: { id: row.id } }),
    success: t('common.deleted'),
    invalidates: ['teamQueryPage', 'teamOptions', 'regionQueryPage'],
  });

  const filters = useMemo<FiltersOf<'teamQueryPage'>>(
    () => [
      { type: 'text', name: 'name', label: t('teams.name'), maxLength: 16 },
      { type: 'select', name: 'regionId', label: t('teams.region'), options: regions },
    ],
    [t, regions],
  );
  const columns = useMemo<ColumnsOf<'teamQueryPage'>>(
    () => [
      cols.name(t('teams.name')),
      { title: t('teams.region'), dataIndex: 'regionName', key: 'regionName' },
      { title: t('teams.leader'), dataIndex: 'leaderName', key: 'leaderName' },
      cols.ratio(t('teams.ratio')),
      {
        title: t('teams.members'),
        key: 'members',
        render: (_: unknown, r) => r.members.map((m) => <Tag key={m.id}>{m.name}</Tag>),
      },
      cols.createTime(undefined, true),
      {
        title: t('kit:actions'),
        key: 'actions',
        fixed: 'right',
        // Statement, Edit and Freeze (or Delete) on one line in English.
        width: 200,
        render: (_: unknown, row) => (
          <RowLinks
            links={[
              statement.link('operator', row.id),
              { label: t('common.edit'), onClick: buttons.has(PERMS.teamSave) ? () => edit.show(row) : undefined },
              {
                label: t('common.delete'),
                danger: true,
                onClick: buttons.has(PERMS.teamDelete) ? () => remove.run(row) : undefined,
              },
            ]}
          />
        ),
      },
    ],
    [t, cols, buttons.has, statement.link, edit.show, remove.run],
  );

  const row = edit.record;
  if (statement.view) return statement.view;
  return (
    <ListPage
      listCall="teamQueryPage"
      rowKey="id"
      title={t('teams.title')}
      filters={filters}
      columns={columns}
      exportCall="teamExport"
      exportPerm={PERMS.teamExport}
      toolbar={addButton}
    >
      <FormDrawer<TeamValues>
        name="team"
        {...drawer}
        initialValues={
          row
            ? {
                name: row.name,
                regionId: row.regionId,
                leaderId: row.leaderId,
                memberIds: row.members.map((m) => m.id).filter((id) => id !== row.leaderId),
                ratio: row.ratio,
              }
            : { ratio: 0 }
        }
        onSubmit={(v) =>
          request('teamSaveOrUpdate', {
            body: {
              id: row?.id,
              name: v.name,
              regionId: v.regionId,
              leaderId: v.leaderId,
              memberIds: v.memberIds ?? [],
              ratio: v.ratio,
              appAreaCode: given(v.appAreaCode),
              appMobile: given(v.appMobile),
              appPassword: given(v.appPassword),
            },
          })
        }
        invalidates={['teamQueryPage', 'teamOptions', 'regionQueryPage']}
      >
        <Form.Item name="name" label={t('teams.name')} rules={[rule(field.name, t('teams.name'))]}>
          <Input maxLength={16} showCount />
        </Form.Item>
        <Form.Item name="regionId" label={t('teams.region')} rules={[rule(field.regionId, t('teams.region'))]}>
          <Select options={regions} />
        </Form.Item>
        <Form.Item name="leaderId" label={t('teams.leader')} rules={[rule(field.leaderId, t('teams.leader'))]}>
          <AccountSelect type="operator" initial={row ? [{ id: row.leaderId, name: row.leaderName }] : undefined} />
        </Form.Item>
        <Form.Item name="memberIds" label={t('teams.members')} extra={t('teams.membersHint')}>
          <AccountSelect type="operator" mode="multiple" initial={row?.members} />
        </Form.Item>
        <Form.Item
          name="ratio"
          label={t('teams.ratio')}
          extra={t('teams.ratioHint')}
          rules={[rule(field.ratio, t('teams.ratio'))]}
        >
          <PercentInput />
        </Form.Item>
        {/* The operator's partner-app account (a direct-sales team is the spec's operator): it applies for withdrawals. */}
        <Row gutter={16}>
          <Col xs={24} sm={8}>
            <Form.Item name="appAreaCode" label={t('teams.appAreaCode')}>
              <Input maxLength={5} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={16}>
            <Form.Item name="appMobile" label={t('teams.appMobile')}>
              <Input maxLength={20} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="appPassword" label={t('teams.appPassword')} extra={t('teams.appHint')}>
          <Input.Password maxLength={18} autoComplete="new-password" />
        </Form.Item>
      </FormDrawer>
    </ListPage>
  );
}
