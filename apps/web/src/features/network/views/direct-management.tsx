import { Alert, Card, Col, Descriptions, Empty, Row, Space, Spin, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DirectTeam } from '@cbo/contract';
import { request } from '@/shared/request';
import { useSession } from '@/shared/session';
import { useMoney } from '@/shared/money';
import { screenPathOf } from '@/shared/customer-link';

/** The view urls of the screens a team's card links to (when the account may open them). */
const TEAMS_URL = 'network/teams';
const DIRECT_OUTLETS_URL = 'outlet/direct-outlets';

const ROLE_COLOR: Record<DirectTeam['role'], string> = { leader: 'gold', member: 'blue', administrator: 'default' };

/**
 * Direct management (menu url network/direct-management; spec 2's specially handled entry): the
 * platform's own direct-sales business as the person who runs it sees it. The server shows the
 * entry only to a super administrator and to whoever leads or belongs to a direct-sales team, and
 * answers their teams only: each with its leader, members, share, outlets and what the books owe
 * it, linking to the teams and direct-sales outlets screens where the account holds them.
 */
export default function DirectManagementView() {
  const { t } = useTranslation('network');
  const { money } = useMoney();
  const { menus } = useSession();
  const teamsPath = screenPathOf(menus, TEAMS_URL);
  const outletsPath = screenPathOf(menus, DIRECT_OUTLETS_URL);
  const teams = useQuery({ queryKey: ['teamDirect'], queryFn: ({ signal }) => request('teamDirect', {}, { signal }) });

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title={t('direct.title')}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('direct.intro')}
        </Typography.Paragraph>
      </Card>
      {teams.isPending && <Spin />}
      {teams.isError && <Alert type="error" showIcon title={t('direct.failed')} />}
      {teams.data && teams.data.length === 0 && (
        <Card>
          <Empty description={t('direct.empty')}>
            {teamsPath && <Link to={teamsPath}>{t('direct.openTeams')}</Link>}
          </Empty>
        </Card>
      )}
      <Row gutter={[16, 16]}>
        {teams.data?.map((team) => (
          <Col key={team.id} xs={24} lg={12} xxl={8}>
            <Card
              data-team={team.id}
              title={
                <Space size={8} wrap>
                  {team.name}
                  <Tag color={ROLE_COLOR[team.role]}>{t(`direct.role.${team.role}`)}</Tag>
                </Space>
              }
              extra={teamsPath && <Link to={teamsPath}>{t('direct.openTeams')}</Link>}
            >
              <Descriptions column={1} size="small" styles={{ label: { width: 140 } }}>
                <Descriptions.Item label={t('teams.region')}>{team.regionName}</Descriptions.Item>
                <Descriptions.Item label={t('teams.leader')}>{team.leaderName}</Descriptions.Item>
                <Descriptions.Item label={t('teams.members')}>
                  <Space size={[4, 4]} wrap>
                    {team.members.map((m) => (
                      <Tag key={m.id}>{m.name}</Tag>
                    ))}
                  </Space>
                </Descriptions.Item>
                <Descriptions.Item label={t('teams.ratio')}>{`${team.ratio}%`}</Descriptions.Item>
                <Descriptions.Item label={t('direct.outlets')}>
                  {outletsPath ? <Link to={outletsPath}>{team.outlets}</Link> : team.outlets}
                </Descriptions.Item>
                <Descriptions.Item label={t('direct.owed')}>
                  <Typography.Text type={team.owed < 0 ? 'danger' : undefined}>{money(team.owed)}</Typography.Text>
                </Descriptions.Item>
              </Descriptions>
            </Card>
          </Col>
        ))}
      </Row>
    </Space>
  );
}
