import { Card, Col, Descriptions, Flex, Result, Row, Skeleton, Tabs, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { translateName } from '@/shared/i18n';
import { formatDateTime, useIsMobile } from '@/shared/list-page';
import { useManageInfo, useUserInfo } from '../account';
import { AvatarUpload } from '../components/avatar-upload';
import { MobileForm } from '../components/mobile-form';
import { PasswordForm } from '../components/password-form';
import { ProfileForm } from '../components/profile-form';

/** Personal center (/my/my, also from the avatar menu): the own account and its settings. */
export default function MyView() {
  const { t, i18n } = useTranslation('profile');
  const isMobile = useIsMobile();
  const user = useUserInfo();
  const manage = useManageInfo(user.data?.userId);
  const info = manage.data;
  // ?tab=mobile opens the mobile tab (other screens link there to have a mobile bound).
  const [params] = useSearchParams();
  const asked = params.get('tab');
  const [tab, setTab] = useState(asked ?? 'profile');
  useEffect(() => {
    if (asked) setTab(asked);
  }, [asked]);

  if (user.isError || manage.isError) {
    // The request layer already showed the server's reason; the screen only says it is missing.
    return <Result status="warning" title={t('loadFailed')} />;
  }
  if (!info || !user.data) {
    return (
      <Card>
        <Skeleton active avatar paragraph={{ rows: 6 }} />
      </Card>
    );
  }

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={8} xxl={6}>
        <Card title={t('about')}>
          <Flex vertical align="center" gap={8} style={{ marginBottom: 16 }}>
            <AvatarUpload img={info.img} />
            <Typography.Title level={4} style={{ margin: 0 }}>
              {info.nickName}
            </Typography.Title>
            <Typography.Text type="secondary">{info.userName}</Typography.Text>
            <Flex wrap gap={4} justify="center">
              {info.roles.map((r) => (
                <Tag key={r.id} color="processing">
                  {translateName(i18n, r.name)}
                </Tag>
              ))}
            </Flex>
          </Flex>
          <Descriptions
            column={1}
            size="small"
            items={[
              {
                key: 'mobile',
                label: t('mobile.label'),
                children: info.mobile ? `+${info.areaCode ?? ''} ${info.mobile}` : '-',
              },
              { key: 'email', label: t('email'), children: info.email || '-' },
              { key: 'loginCount', label: t('loginCount'), children: info.loginCount },
              {
                key: 'lastLoginTime',
                label: t('lastLoginTime'),
                children: formatDateTime(user.data.lastLoginTime ?? info.lastLoginTime),
              },
              { key: 'lastLoginIp', label: t('lastLoginIp'), children: user.data.lastLoginIp || '-' },
              { key: 'createTime', label: t('createTime'), children: formatDateTime(info.createTime) },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} lg={16} xxl={18}>
        <Card>
          <Tabs
            activeKey={tab}
            onChange={setTab}
            size={isMobile ? 'small' : 'middle'}
            items={[
              { key: 'profile', label: t('tabProfile'), children: <ProfileForm info={info} /> },
              { key: 'password', label: t('tabPassword'), children: <PasswordForm /> },
              // Keyed by the mobile so a changed number restarts the flow from its first step.
              {
                key: 'mobile',
                label: t('tabMobile'),
                children: <MobileForm key={info.mobile ?? 'none'} info={info} />,
              },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
