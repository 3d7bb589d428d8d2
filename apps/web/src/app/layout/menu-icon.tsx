import type { ReactNode } from 'react';
import {
  AccountBookOutlined,
  ApiOutlined,
  AppstoreOutlined,
  BankOutlined,
  BarChartOutlined,
  CalculatorOutlined,
  CloudUploadOutlined,
  ClusterOutlined,
  CodeOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  EnvironmentOutlined,
  ExportOutlined,
  FileSearchOutlined,
  GiftOutlined,
  HddOutlined,
  ImportOutlined,
  LoginOutlined,
  MenuOutlined,
  MessageOutlined,
  ProfileOutlined,
  RollbackOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShopOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  ToolOutlined,
  UserDeleteOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';

/**
 * Menu icons by the name the menu entry carries. A fixed table rather than the whole icon set,
 * which would put every icon in the layout chunk.
 */
const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  chart: <BarChartOutlined />,
  statistics: <BarChartOutlined />,
  system: <SettingOutlined />,
  setting: <SettingOutlined />,
  log: <FileSearchOutlined />,
  login: <LoginOutlined />,
  loginlog: <LoginOutlined />,
  user: <UserOutlined />,
  peoples: <TeamOutlined />,
  team: <TeamOutlined />,
  agent: <ClusterOutlined />,
  tree: <ClusterOutlined />,
  order: <ProfileOutlined />,
  list: <ProfileOutlined />,
  device: <HddOutlined />,
  cabinet: <HddOutlined />,
  powerbank: <ThunderboltOutlined />,
  money: <AccountBookOutlined />,
  finance: <AccountBookOutlined />,
  shop: <ShopOutlined />,
  outlet: <ShopOutlined />,
  asset: <DatabaseOutlined />,
  warehouse: <DatabaseOutlined />,
  operation: <ToolOutlined />,
  tool: <ToolOutlined />,
  coupon: <GiftOutlined />,
  map: <EnvironmentOutlined />,
  message: <MessageOutlined />,
  feedback: <MessageOutlined />,
  menu: <MenuOutlined />,
  role: <SafetyOutlined />,
  lock: <SafetyOutlined />,
  export: <ExportOutlined />,
  api: <ApiOutlined />,
  interface: <ApiOutlined />,
  // The antd names the seeded menus carry ('ClusterOutlined' → 'cluster').
  cluster: <ClusterOutlined />,
  safety: <SafetyOutlined />,
  database: <DatabaseOutlined />,
  filesearch: <FileSearchOutlined />,
  hdd: <HddOutlined />,
  thunderbolt: <ThunderboltOutlined />,
  cloudupload: <CloudUploadOutlined />,
  code: <CodeOutlined />,
  import: <ImportOutlined />,
  environment: <EnvironmentOutlined />,
  bank: <BankOutlined />,
  calculator: <CalculatorOutlined />,
  rollback: <RollbackOutlined />,
  wallet: <WalletOutlined />,
  safetycertificate: <SafetyCertificateOutlined />,
  userdelete: <UserDeleteOutlined />,
  gift: <GiftOutlined />,
  profile: <ProfileOutlined />,
  barchart: <BarChartOutlined />,
  accountbook: <AccountBookOutlined />,
};

/** 'SettingOutlined' (an antd icon name), 'setting' and 'login-log' all name an entry here. */
export function iconKey(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/(outlined|filled|twotone)$/, '')
    .replace(/[-_\s]/g, '');
}

/** Top-level entries always get an icon: the collapsed sidebar shows nothing else. */
export function menuIcon(name: string | null, topLevel: boolean): ReactNode {
  // An icon uploaded in menu management (64x64, stored under /files/).
  if (name?.startsWith('/files/'))
    return <img src={name} alt="" width={14} height={14} style={{ verticalAlign: '-0.125em' }} />;
  const icon = name ? ICONS[iconKey(name)] : undefined;
  return icon ?? (topLevel ? <AppstoreOutlined /> : undefined);
}
