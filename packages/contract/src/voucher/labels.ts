import { tr, type LabelGroup } from '../platform/labels.js';
import type { Translations } from '../platform/lang.js';
import type { voucherCalls } from './calls.js';
import type { VOUCHER_ORDER_STATUSES, VOUCHER_SCOPES, VOUCHER_STATUSES } from './voucher.js';

/** Words of the voucher domain that both the console and the server show. */
export const voucherLabels = {
  voucherScope: {
    platform: tr('全平台', '全平台', 'Platform'),
    agent: tr('代理商', '代理商', 'Agent'),
    outlet: tr('网点', '網點', 'Outlet'),
  } satisfies LabelGroup<(typeof VOUCHER_SCOPES)[number]>,
  voucherStatus: {
    onSale: tr('上架', '上架', 'On sale'),
    offSale: tr('下架', '下架', 'Off sale'),
  } satisfies LabelGroup<(typeof VOUCHER_STATUSES)[number]>,
  voucherOrderStatus: {
    paying: tr('支付确认中', '支付確認中', 'Awaiting payment'),
    payFailed: tr('支付失败', '支付失敗', 'Payment failed'),
    paid: tr('已支付', '已支付', 'Paid'),
    usedUp: tr('已用完', '已用完', 'Used up'),
    expired: tr('已过期', '已過期', 'Expired'),
    refunding: tr('退款中', '退款中', 'Refunding'),
    refunded: tr('已退款', '已退款', 'Refunded'),
    refundFailed: tr('退款失败', '退款失敗', 'Refund failed'),
  } satisfies LabelGroup<(typeof VOUCHER_ORDER_STATUSES)[number]>,
} as const;

/** The voucher orders' export sheet, keyed by its call (the list's columns take the same words). */
export const voucherExports = {
  voucherOrderExport: {
    title: tr('代金券订单', '代金券訂單', 'Voucher orders'),
    columns: {
      voucherOrderNo: tr('订单编号', '訂單編號', 'Voucher order number'),
      voucherName: tr('代金券', '代金券', 'Voucher'),
      userMobile: tr('用户手机', '使用者手機', 'User mobile'),
      status: tr('状态', '狀態', 'Status'),
      price: tr('支付金额', '支付金額', 'Paid'),
      uses: tr('可用次数', '可用次數', 'Uses'),
      usesLeft: tr('剩余次数', '剩餘次數', 'Uses left'),
      usedValue: tr('已用金额', '已用金額', 'Value used'),
      refundAmount: tr('退款金额', '退款金額', 'Refunded'),
      validUntil: tr('有效期至', '有效期至', 'Valid until'),
      payReference: tr('支付流水号', '支付流水號', 'Payment reference'),
      createTime: tr('购买时间', '購買時間', 'Bought'),
    },
  },
} as const;

/** Names of the voucher fields, for messages that name one. */
export const voucherFieldLabels = {
  scopeId: tr('适用对象', '適用對象', 'Scope target'),
  validDays: tr('有效天数', '有效天數', 'Validity days'),
  uses: tr('可用次数', '可用次數', 'Uses'),
} as const;

/** What each change of the voucher domain is called in the operation log, keyed by its call. */
export const voucherActions = {
  voucherLists: tr('查询代金券', '查詢代金券', 'Query vouchers'),
  voucherAdd: tr('新增代金券', '新增代金券', 'Add voucher'),
  voucherUpdate: tr('修改代金券', '修改代金券', 'Edit voucher'),
  voucherOrderQueryPage: tr('查询代金券订单', '查詢代金券訂單', 'Query voucher orders'),
  voucherOrderAmount: tr('统计代金券订单', '統計代金券訂單', 'Voucher order totals'),
  voucherOrderExport: tr('导出代金券订单', '匯出代金券訂單', 'Export voucher orders'),
  voucherOrderRefund: tr('代金券订单退款', '代金券訂單退款', 'Refund voucher order'),
  appVoucherBuy: tr('购买代金券', '購買代金券', 'Buy voucher'),
} as const satisfies { [K in keyof typeof voucherCalls]?: Translations };

/** What each call of the voucher domain that changes nothing is named (interfaces screen); a change is named by its action above. */
export const voucherReads = {
  voucherDetail: tr('代金券详情', '代金券詳情', 'Voucher details'),
  appVouchers: tr('用户端：可购代金券', '使用者端：可購代金券', 'Customer app: vouchers on sale'),
  appMyVouchers: tr('用户端：我的代金券', '使用者端：我的代金券', 'Customer app: my vouchers'),
} as const satisfies { [K in keyof typeof voucherCalls]?: Translations };
