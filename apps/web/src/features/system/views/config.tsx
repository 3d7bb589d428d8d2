import { Card, Flex, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERMS } from '@cbo/contract';
import { useButtons } from '@/shared/permission';
import { useIsMobile } from '@/shared/list-page';
import { useCodeTicket } from '../components/code-ticket';
import { BasisForm, GroupCard, OperationForm, OtherForm, PayForm } from '../components/config-groups';
import { BannerTab } from '../components/banner-tab';
import { DevicePayTab } from '../components/device-pay-tab';
import { SystemTab } from '../components/system-tab';
import { MerchantAccounts } from '../components/merchant-accounts';

import SetRangeView from './set-range';

/**
 * System management → system configuration (menu url system/config): the configurable values of
 * in tabs by group. Each tab saves on its own; pay settings and device payment configs ask
 * for an SMS code first. Without a button permission a tab is read-only.
 */
export default function ConfigView() {
  const { t } = useTranslation('system');
  const isMobile = useIsMobile();
  const buttons = useButtons();
  const ticket = useCodeTicket();
  const canEdit = buttons.has(PERMS.configEdit);

  return (
    <Card>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('config.title')}
        </Typography.Title>
      </Flex>
      <Tabs
        size={isMobile ? 'small' : 'middle'}
        destroyOnHidden={false}
        items={[
          {
            key: 'basis',
            label: t('config.tabs.basis'),
            children: (
              <GroupCard>
                <BasisForm canEdit={canEdit} />
              </GroupCard>
            ),
          },
          {
            key: 'operation',
            label: t('config.tabs.operation'),
            children: (
              <GroupCard>
                <OperationForm canEdit={canEdit} />
              </GroupCard>
            ),
          },
          {
            key: 'pay',
            label: t('config.tabs.pay'),
            children: (
              <>
                <GroupCard>
                  <PayForm canEdit={buttons.has(PERMS.configPay)} ticket={ticket} />
                </GroupCard>
                <GroupCard title={t('config.merchant.title')}>
                  <MerchantAccounts canEdit={buttons.has(PERMS.configPay)} ticket={ticket} />
                </GroupCard>
              </>
            ),
          },
          {
            key: 'devicePay',
            label: t('config.tabs.devicePay'),
            children: <DevicePayTab canEdit={buttons.has(PERMS.configDevicePay)} ticket={ticket} />,
          },
          { key: 'banner', label: t('config.tabs.banner'), children: <BannerTab canEdit={canEdit} /> },
          {
            key: 'sys',
            label: t('config.tabs.sys'),
            children: <SystemTab canEdit={canEdit} canSecurity={buttons.has(PERMS.configSecurity)} ticket={ticket} />,
          },
          {
            key: 'other',
            label: t('config.tabs.other'),
            children: (
              <GroupCard>
                <OtherForm canEdit={canEdit} />
              </GroupCard>
            ),
          },
          // The billing ranges, in view with the values they bound (also at their own route, /setRnge).
          { key: 'range', label: t('config.range.title'), children: <SetRangeView /> },
        ]}
      />
      {ticket.dialog}
    </Card>
  );
}
