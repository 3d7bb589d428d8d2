import { MENU_TYPE, PERMS } from '@cbo/contract';
import type { MenuSeed } from '../../platform/menus.js';

const menu = MENU_TYPE.menu;
const button = MENU_TYPE.button;
const staff = ['operations', 'finance'] as const;

/**
 * The coupon module's menus, under Financial management (spec 2: coupon management, issue
 * coupons; the coupon code list), and the customers' coupons beside them.
 */
export const couponMenus: MenuSeed[] = [
  {
    code: 'finance.coupons',
    parent: 'finance',
    name: 'coupon.menus.coupons',
    path: '/finance/coupon',
    url: 'coupon/coupons',
    icon: 'GiftOutlined',
    type: menu,
    order: 50,
    perms: PERMS.couponQuery,
    roles: staff,
  },
  {
    code: 'finance.coupons.edit',
    parent: 'finance.coupons',
    name: 'coupon.menus.btnEdit',
    path: '',
    url: null,
    icon: null,
    type: button,
    order: 1,
    perms: PERMS.couponEdit,
    roles: ['operations'],
  },
  {
    code: 'finance.issueCoupon',
    parent: 'finance',
    name: 'coupon.menus.issue',
    path: '/finance/issueCoupon',
    url: 'coupon/issue',
    icon: 'ExportOutlined',
    type: menu,
    order: 60,
    perms: PERMS.couponIssue,
    roles: ['operations'],
  },
  {
    code: 'finance.couponCodes',
    parent: 'finance',
    name: 'coupon.menus.codes',
    path: '/finance/couponCode',
    url: 'coupon/codes',
    icon: 'CodeOutlined',
    type: menu,
    order: 70,
    perms: PERMS.couponCodeQuery,
    roles: staff,
  },
  {
    code: 'finance.couponCodes.batch',
    parent: 'finance.couponCodes',
    name: 'coupon.menus.btnBatch',
    path: '',
    url: null,
    icon: null,
    type: button,
    order: 1,
    perms: PERMS.couponBatchEdit,
    roles: ['operations'],
  },
  {
    code: 'finance.couponCodes.export',
    parent: 'finance.couponCodes',
    name: 'coupon.menus.btnExport',
    path: '',
    url: null,
    icon: null,
    type: button,
    order: 2,
    perms: PERMS.couponCodeExport,
    roles: staff,
  },
  {
    code: 'finance.userCoupons',
    parent: 'finance',
    name: 'coupon.menus.userCoupons',
    path: '/finance/userCoupon',
    url: 'coupon/user-coupons',
    icon: 'ProfileOutlined',
    type: menu,
    order: 80,
    perms: PERMS.userCouponQuery,
    roles: [...staff, 'customer_service'],
  },
];
