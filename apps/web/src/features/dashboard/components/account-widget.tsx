import { Avatar, Card, Descriptions, Flex, Table, Tag, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { translateName } from '@/shared/i18n';
import type { LoginLogItem, UserInfo } from '@cbo/contract';
import { request } from '@/shared/request';
import { callKey, formatDateTime, useIsMobile } from '@/shared/list-page';

const RECENT_COUNT = 5;

/**
 * The 'account' widget: who is signed in and their last sign-in; with the 'recentLogins' widget
 * (granted with the login-log query permission) also their own recent sign-ins.
 */
export function AccountWidget({ user, showRecent }: { user: UserInfo; showRecent: boolean }) {
  const { t, i18n } = useTranslation('dashboard');
  return (
    <Card title={t('account.title')}>
      <Flex gap={24} wrap align="flex-start">
        <Flex gap={16} align="center" style={{ minWidth: 240 }}>
          <Avatar size={64} src={user.img || undefined} icon={<UserOutlined />} alt="" />
          <Flex vertical gap={4}>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {user.nickName}
            </Typography.Title>
            <Typography.Text type="secondary">{user.userName}</Typography.Text>
            <Flex wrap gap={4}>
              {user.roleNames.map((name) => (
                <Tag key={name} color="processing">
                  {translateName(i18n, name)}
                </Tag>
              ))}
            </Flex>
          </Flex>
        </Flex>
        <Descriptions
          column={1}
          size="small"
          style={{ flex: '1 1 280px' }}
          items={[
            { key: 'lastLoginTime', label: t('account.lastLoginTime'), children: formatDateTime(user.lastLoginTime) },
            { key: 'lastLoginIp', label: t('account.lastLoginIp'), children: user.lastLoginIp || '-' },
          ]}
        />
      </Flex>
      {showRecent && <RecentSignIns userName={user.userName} />}
    </Card>
  );
}

/** The account's own last sign-ins, newest first. */
function RecentSignIns({ userName }: { userName: string }) {
  const { t } = useTranslation('dashboard');
  const isMobile = useIsMobile();
  const query = { userName, accountType: 'admin' as const, pageNum: 1, pageSize: RECENT_COUNT };
  const recent = useQuery({
    queryKey: callKey('loginLogQueryPage', query),
    queryFn: ({ signal }) => request('loginLogQueryPage', { query }, { signal }),
  });

  // A failed call was already announced by the request layer; an empty card adds nothing.
  if (recent.isError) return null;

  return (
    <div style={{ marginTop: 24 }}>
      <Typography.Title level={5}>{t('account.recent')}</Typography.Title>
      <Table<LoginLogItem>
        rowKey="id"
        size="small"
        pagination={false}
        loading={recent.isPending}
        // Sign-ins of this account only, even if the server matches user names loosely.
        dataSource={(recent.data?.list ?? []).filter((r) => r.userName === userName)}
        scroll={isMobile ? { x: 'max-content' } : undefined}
        locale={{ emptyText: t('account.noRecent') }}
        columns={[
          { title: t('account.time'), dataIndex: 'createTime', key: 'createTime', render: (v: string) => formatDateTime(v) },
          { title: t('account.terminal'), dataIndex: 'terminal', key: 'terminal', render: (v: string) => t(`common:terminals.${v}`, { defaultValue: v }) },
          {
            title: t('account.result'),
            dataIndex: 'result',
            key: 'result',
            render: (v: LoginLogItem['result']) => (
              <Tag color={v === 'success' ? 'success' : 'error'}>{t(`common:results.${v}`, { defaultValue: v })}</Tag>
            ),
          },
          { title: t('account.ip'), dataIndex: 'ip', key: 'ip', render: (v: string | null) => v || '-' },
        ]}
      />
    </div>
  );
}
