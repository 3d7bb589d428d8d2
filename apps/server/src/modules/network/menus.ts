import { MENU_TYPE, PERMS, SPECIAL_MENU_NAMES } from '@cbo/contract';
import type { MenuSeed } from '../../platform/menus.js';

const ops = ['operations'] as const;
const opsAndService = ['operations', 'customer_service'] as const;
const service = ['customer_service'] as const;
const menu = MENU_TYPE.menu;
const button = MENU_TYPE.button;
const dir = MENU_TYPE.directory;

/**
 * The network module's menus: regions and teams (operation management), agents, ground pushers
 * and service providers (agent management), users (user management) and cooperation
 * applications (feedback). Operations holds them all; customer service reads them, freezes users
 * and handles applications.
 */
export const networkMenus: MenuSeed[] = [
  // Direct management (spec 2: an entry with special handling): one's own direct-sales teams. No role
  // holds it; the identity module shows it to the super role and to whoever leads or belongs to a
  // direct-sales team (AccessService.attachDirectSales), and its call answers only the caller's teams.
  { code: 'direct', parent: null, name: SPECIAL_MENU_NAMES.directManagement, path: '/direct', url: 'network/direct-management', icon: 'TeamOutlined', type: menu, order: 22 },
  { code: 'operation.region', parent: 'operation', name: 'menu.area', path: '/operation/region', url: 'network/regions', icon: 'EnvironmentOutlined', type: menu, order: 54, perms: PERMS.regionQuery, roles: ops },
  { code: 'operation.region.save', parent: 'operation.region', name: 'network.buttons.regionSave', path: '', url: null, icon: null, type: button, order: 1, perms: PERMS.regionSave, roles: ops },
  { code: 'operation.region.delete', parent: 'operation.region', name: 'network.buttons.regionDelete', path: '', url: null, icon: null, type: button, order: 2, perms: PERMS.regionDelete, roles: ops },
  { code: 'operation.region.export', parent: 'operation.region', name: 'network.buttons.regionExport', path: '', url: null, icon: null, type: button, order: 3, perms: PERMS.regionExport, roles: ops },
  { code: 'operation.team', parent: 'operation', name: 'menu.team', path: '/operation/team', url: 'network/teams', icon: 'TeamOutlined', type: menu, order: 56, perms: PERMS.teamQuery, roles: ops },
  { code: 'operation.team.save', parent: 'operation.team', name: 'network.buttons.teamSave', path: '', url: null, icon: null, type: button, order: 1, perms: PERMS.teamSave, roles: ops },
  { code: 'operation.team.delete', parent: 'operation.team', name: 'network.buttons.teamDelete', path: '', url: null, icon: null, type: button, order: 2, perms: PERMS.teamDelete, roles: ops },
  { code: 'operation.team.export', parent: 'operation.team', name: 'network.buttons.teamExport', path: '', url: null, icon: null, type: button, order: 3, perms: PERMS.teamExport, roles: ops },

  { code: 'member', parent: null, name: 'menu.user', path: '/member', url: null, icon: 'UserOutlined', type: dir, order: 60, roles: opsAndService },
  { code: 'member.list', parent: 'member', name: 'menu.userInfo', path: '/member/list', url: 'network/members', icon: 'UserOutlined', type: menu, order: 10, perms: PERMS.memberQuery, roles: opsAndService },
  { code: 'member.list.status', parent: 'member.list', name: 'network.buttons.memberStatus', path: '', url: null, icon: null, type: button, order: 1, perms: PERMS.memberStatus, roles: opsAndService },
  { code: 'member.list.level', parent: 'member.list', name: 'network.buttons.memberLevel', path: '', url: null, icon: null, type: button, order: 2, perms: PERMS.memberLevel, roles: opsAndService },
  { code: 'member.list.export', parent: 'member.list', name: 'network.buttons.memberExport', path: '', url: null, icon: null, type: button, order: 2, perms: PERMS.memberExport, roles: ops },
  // One customer in one place, hidden from the sidebar: opened from wherever a customer is named
  // (/member/detail?id=). Its tabs are the other modules' lists; each is a button carrying that
  // list's permission, given to the roles that already hold it on the list's own screen.
  { code: 'member.detail', parent: 'member', name: 'menu.customer', path: '/member/detail', url: 'network/customer', icon: 'UserOutlined', type: menu, order: 20, perms: PERMS.memberQuery, hidden: true, roles: [...opsAndService, 'finance'] },
  { code: 'member.detail.orders', parent: 'member.detail', name: 'network.buttons.customerOrders', path: '', url: null, icon: null, type: button, order: 1, perms: PERMS.orderQuery, roles: [...opsAndService, 'finance'] },
  { code: 'member.detail.deposits', parent: 'member.detail', name: 'network.buttons.customerDeposits', path: '', url: null, icon: null, type: button, order: 2, perms: PERMS.depositQuery, roles: [...opsAndService, 'finance'] },
  { code: 'member.detail.refunds', parent: 'member.detail', name: 'network.buttons.customerRefunds', path: '', url: null, icon: null, type: button, order: 3, perms: PERMS.refundQuery, roles: [...opsAndService, 'finance'] },
  { code: 'member.detail.coupons', parent: 'member.detail', name: 'network.buttons.customerCoupons', path: '', url: null, icon: null, type: button, order: 4, perms: PERMS.userCouponQuery, roles: [...opsAndService, 'finance'] },
  { code: 'member.detail.vouchers', parent: 'member.detail', name: 'network.buttons.customerVouchers', path: '', url: null, icon: null, type: button, order: 5, perms: PERMS.voucherOrderQuery, roles: ['operations', 'finance'] },
  { code: 'member.detail.flow', parent: 'member.detail', name: 'network.buttons.customerFlow', path: '', url: null, icon: null, type: button, order: 6, perms: PERMS.flowUser, roles: ['finance'] },
  { code: 'member.detail.status', parent: 'member.detail', name: 'network.buttons.memberStatus', path: '', url: null, icon: null, type: button, order: 7, perms: PERMS.memberStatus, roles: opsAndService },

  { code: 'agent', parent: null, name: 'menu.agent', path: '/agent', url: null, icon: 'ClusterOutlined', type: dir, order: 65, roles: opsAndService },
  { code: 'agent.list', parent: 'agent', name: 'menu.agentList', path: '/agent/list', url: 'network/agents', icon: 'ClusterOutlined', type: menu, order: 10, perms: PERMS.agentQuery, roles: opsAndService },
  { code: 'agent.list.save', parent: 'agent.list', name: 'network.buttons.agentSave', path: '', url: null, icon: null, type: button, order: 1, perms: PERMS.agentSave, roles: ops },
  { code: 'agent.list.status', parent: 'agent.list', name: 'network.buttons.agentStatus', path: '', url: null, icon: null, type: button, order: 2, perms: PERMS.agentStatus, roles: ops },
  { code: 'agent.list.export', parent: 'agent.list', name: 'network.buttons.agentExport', path: '', url: null, icon: null, type: button, order: 3, perms: PERMS.agentExport, roles: ops },
  { code: 'agent.pusher', parent: 'agent', name: 'menu.groundPromoter', path: '/agent/groundPusher', url: 'network/pushers', icon: 'TeamOutlined', type: menu, order: 20, perms: PERMS.pusherQuery, roles: opsAndService },
  { code: 'agent.pusher.save', parent: 'agent.pusher', name: 'network.buttons.pusherSave', path: '', url: null, icon: null, type: button, order: 1, perms: PERMS.pusherSave, roles: ops },
  { code: 'agent.pusher.status', parent: 'agent.pusher', name: 'network.buttons.pusherStatus', path: '', url: null, icon: null, type: button, order: 2, perms: PERMS.pusherStatus, roles: ops },
  { code: 'agent.pusher.export', parent: 'agent.pusher', name: 'network.buttons.pusherExport', path: '', url: null, icon: null, type: button, order: 3, perms: PERMS.pusherExport, roles: ops },
  { code: 'agent.provider', parent: 'agent', name: 'menu.serviceProvider', path: '/agent/serviceProvider', url: 'network/providers', icon: 'ShopOutlined', type: menu, order: 30, perms: PERMS.providerQuery, roles: opsAndService },
  { code: 'agent.provider.save', parent: 'agent.provider', name: 'network.buttons.providerSave', path: '', url: null, icon: null, type: button, order: 1, perms: PERMS.providerSave, roles: ops },
  { code: 'agent.provider.status', parent: 'agent.provider', name: 'network.buttons.providerStatus', path: '', url: null, icon: null, type: button, order: 2, perms: PERMS.providerStatus, roles: ops },
  { code: 'agent.provider.export', parent: 'agent.provider', name: 'network.buttons.providerExport', path: '', url: null, icon: null, type: button, order: 3, perms: PERMS.providerExport, roles: ops },

  { code: 'feedback.cooperation', parent: 'feedback', name: 'menu.cooperation', path: '/feedback/cooperation', url: 'network/cooperation', icon: 'MessageOutlined', type: menu, order: 20, perms: PERMS.cooperationQuery, roles: opsAndService },
  { code: 'feedback.cooperation.handle', parent: 'feedback.cooperation', name: 'network.buttons.cooperationHandle', path: '', url: null, icon: null, type: button, order: 1, perms: PERMS.cooperationHandle, roles: opsAndService },
  { code: 'feedback.cooperation.export', parent: 'feedback.cooperation', name: 'network.buttons.cooperationExport', path: '', url: null, icon: null, type: button, order: 2, perms: PERMS.cooperationExport, roles: service },
];
