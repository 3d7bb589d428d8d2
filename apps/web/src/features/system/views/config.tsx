import { Button, Card, Flex, Tabs, Typography } from 'antd';
import { ColumnWidthOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PERMS } from '@cbo/contract';
import { useButtons } from '@/shared/permission';
import { useIsMobile } from '@/shared/list-page';
import { useCodeTicket } from '../components/code-ticket';
import { BasisForm, GroupCard, OperationForm, OtherForm, PayForm } from '../components/config-groups';
import { BannerTab, DevicePayTab, SystemTab } from '../components/config-lists';

/** The fixed route of the range settings (/setRnge, hidden, a tab of its own). */
const RANGE_PATH = '/setRnge';

/**
 * System management → system configuration (menu url system/config): the configurable values of
 * in tabs by group. Each tab saves on its own; pay settings and device payment configs ask
 * for an SMS code first. Without a button permission a tab is read-only.
 */
export default function ConfigView() {
  const { t } = useTranslation('system');
  const navigate = useNavigate();
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
        <Button icon={<ColumnWidthOutlined />} onClick={() => void navigate(RANGE_PATH)}>
          {t('config.range.open')}
        </Button>
      </Flex>
      <Tabs
        size={isMobile ? 'small' : 'middle'}
        destroyOnHidden={false}
        items={[
          { key: 'basis', label: t('config.tabs.basis'), children: <GroupCard><BasisForm canEdit={canEdit} /></GroupCard> },
          { key: 'operation', label: t('config.tabs.operation'), children: <GroupCard><OperationForm canEdit={canEdit} /></GroupCard> },
          { key: 'pay', label: t('config.tabs.pay'), children: <GroupCard><PayForm canEdit={buttons.has(PERMS.configPay)} ticket={ticket} /></GroupCard> },
          { key: 'devicePay', label: t('config.tabs.devicePay'), children: <DevicePayTab canEdit={buttons.has(PERMS.configDevicePay)} ticket={ticket} /> },
          { key: 'banner', label: t('config.tabs.banner'), children: <BannerTab canEdit={canEdit} /> },
          { key: 'sys', label: t('config.tabs.sys'), children: <SystemTab canEdit={canEdit} canSecurity={buttons.has(PERMS.configSecurity)} ticket={ticket} /> },
          { key: 'other', label: t('config.tabs.other'), children: <GroupCard><OtherForm canEdit={canEdit} /></GroupCard> },
        ]}
      />
      {ticket.dialog}
    </Card>
  );
}
