import { Avatar, Card, Descriptions, Flex, Table, Tag, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { translateName } from '@/shared/i18n';
import { ResultTag, useAccountWords } from '@/shared/account-words';
import type { LoginLogItem, UserInfo } from '@cbo/contract';
import { request } from '@/shared/request';
import { callKey, formatDateTime, useIsMobile, timeColumn } from '@/shared/list-page';

const RECENT_COUNT = 5;

/**
 * The 'account' widget: who is signed in, when this session began and the sign-in before it (the
 * previous one is what tells an account holder whether someone else used the account). The
 * previous sign-in is a call of its own (a login-log read), asked only here, never on a page load.
 */
export function AccountWidget({ user }: { user: UserInfo }) {
  const { t, i18n } = useTranslation('dashboard');
  const previous = useQuery({
    queryKey: callKey('userPreviousLogin'),
    queryFn: ({ signal }) => request('userPreviousLogin', {}, { signal }),
  });
  const prev = previous.data;
  // While it loads (or if it failed, which the request layer has announced): a dash, not 'first sign-in'.
  const previousTime = prev
    ? prev.previousLoginTime
      ? formatDateTime(prev.previousLoginTime)
      : t('account.firstSignIn')
    : '-';
  return (
    <Card size="small" title={t('account.title')} style={{ height: '100%' }}>
      <Flex gap={16} align="center" style={{ marginBottom: 16 }}>
        <Avatar size={56} src={user.img || undefined} icon={<UserOutlined />} alt="" />
        <Flex vertical gap={4} style={{ minWidth: 0 }}>
          <Typography.Title level={5} style={{ margin: 0 }} ellipsis>
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
        items={[
          { key: 'previousLoginTime', label: t('account.previousLoginTime'), children: previousTime },
          { key: 'previousLoginIp', label: t('account.previousLoginIp'), children: prev?.previousLoginIp || '-' },
          { key: 'lastLoginTime', label: t('account.thisLoginTime'), children: formatDateTime(user.lastLoginTime) },
        ]}
      />
    </Card>
  );
}

/** The 'recentLogins' widget: the account's own last sign-ins, newest first (read from the login log). */
export function RecentSignIns({ userName }: { userName: string }) {
  const { t } = useTranslation('dashboard');
  const isMobile = useIsMobile();
  const words = useAccountWords();
  const query = { userName, accountType: 'admin' as const, pageNum: 1, pageSize: RECENT_COUNT };
  const recent = useQuery({
    queryKey: callKey('loginLogQueryPage', query),
    queryFn: ({ signal }) => request('loginLogQueryPage', { query }, { signal }),
  });

  // A failed call was already announced by the request layer; an empty card adds nothing.
  if (recent.isError) return null;

  return (
    <Card size="small" title={t('account.recent')} style={{ height: '100%' }}>
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
          timeColumn(t('account.time')),
          {
            title: t('account.terminal'),
            dataIndex: 'terminal',
            key: 'terminal',
            render: (v: string | null) => words.terminal(v),
          },
          {
            title: t('account.result'),
            dataIndex: 'result',
            key: 'result',
            render: (v: LoginLogItem['result']) => <ResultTag result={v} />,
          },
          { title: t('account.ip'), dataIndex: 'ip', key: 'ip', render: (v: string | null) => v || '-' },
        ]}
      />
    </Card>
  );
}
