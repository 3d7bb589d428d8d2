import { tr, type LabelGroup } from '../platform/labels.js';
import type { Translations } from '../platform/lang.js';
import type { orderCalls } from './calls.js';
import type { ORDER_DEVICE_TYPES, ORDER_EVENTS, ORDER_STATUSES, PAY_MODES, PAYMENT_KINDS, REFUND_STATUSES, REFUND_TYPES, SHARE_PARTIES } from './order.js';

/** Words of the order domain that both the console and the server show. */
export const orderLabels = {
  orderStatus: {
    ejecting: tr('出仓中', '出倉中', 'Ejecting'),
    using: tr('使用中', '使用中', 'Using'),
    pendingPayment: tr('待支付', '待支付', 'Pending payment'),
    awaitingDeduction: tr('待扣款', '待扣款', 'Awaiting deduction'),
    finished: tr('已完成', '已完成', 'Finished'),
    closed: tr('已关闭', '已關閉', 'Closed'),
    refunding: tr('退款中', '退款中', 'Refund in progress'),
    refundFailed: tr('退款失败', '退款失敗', 'Refund failed'),
  } satisfies LabelGroup<(typeof ORDER_STATUSES)[number]>,
  paymentKind: {
    normal: tr('正常', '正常', 'Normal'),
    timeout: tr('超时', '逾時', 'Timeout'),
  } satisfies LabelGroup<(typeof PAYMENT_KINDS)[number]>,
  deviceType: {
    powerBank: tr('充电宝', '行動電源', 'Power bank'),
    cable: tr('充电线', '充電線', 'Charging cable'),
    bluetooth: tr('蓝牙充电器', '藍牙充電器', 'Bluetooth charger'),
  } satisfies LabelGroup<(typeof ORDER_DEVICE_TYPES)[number]>,
  payMode: {
    deposit: tr('押金', '押金', 'Deposit'),
    depositFree: tr('免押金', '免押金', 'Deposit-free'),
    balance: tr('余额', '餘額', 'Balance'),
    prepayment: tr('预付款', '預付款', 'Prepayment'),
    package: tr('套餐购买', '套餐購買', 'Package purchase'),
  } satisfies LabelGroup<(typeof PAY_MODES)[number]>,
  orderEvent: {
    created: tr('创建订单', '建立訂單', 'Created'),
    paid: tr('支付押金/预付', '支付押金/預付', 'Deposit or prepayment taken'),
    ejectSent: tr('发送弹出指令', '發送彈出指令', 'Eject sent'),
    ejected: tr('弹出成功', '彈出成功', 'Ejected'),
    ejectFailed: tr('弹出失败', '彈出失敗', 'Eject failed'),
    returned: tr('归还', '歸還', 'Returned'),
    ended: tr('结束订单', '結束訂單', 'Ended'),
    fee: tr('计算费用', '計算費用', 'Fee computed'),
    charged: tr('扣款', '扣款', 'Charged'),
    released: tr('退还剩余', '退還剩餘', 'Rest released'),
    shared: tr('分润', '分潤', 'Shares paid'),
    voucherUsed: tr('代金券抵扣', '代金券抵扣', 'Voucher applied'),
    couponUsed: tr('优惠券抵扣', '優惠券抵扣', 'Coupon applied'),
    suspended: tr('暂停计费', '暫停計費', 'Billing suspended'),
    refundStarted: tr('发起退款', '發起退款', 'Refund started'),
    refunded: tr('退款完成', '退款完成', 'Refunded'),
    refundFailed: tr('退款失败', '退款失敗', 'Refund failed'),
    initialised: tr('初始化订单', '初始化訂單', 'Initialised'),
    closed: tr('关闭订单', '關閉訂單', 'Closed'),
    boughtOut: tr('超时买断', '逾時買斷', 'Bought out'),
    codeIssued: tr('发放解锁码', '發放解鎖碼', 'Unlock code issued'),
    started: tr('开始使用', '開始使用', 'Session started'),
    stopped: tr('用户结束', '使用者結束', 'Stopped by the customer'),
  } satisfies LabelGroup<(typeof ORDER_EVENTS)[number]>,
  shareParty: {
    platform: tr('平台', '平台', 'Platform'),
    agentA: tr('A 级代理商', 'A 級代理商', 'Agent A'),
    agentB: tr('B 级代理商', 'B 級代理商', 'Agent B'),
    agentC: tr('C 级代理商', 'C 級代理商', 'Agent C'),
    outlet: tr('网点', '網點', 'Outlet'),
    serviceProvider: tr('服务商', '服務商', 'Service provider'),
    pusher: tr('地推人员', '地推人員', 'Ground pusher'),
  } satisfies LabelGroup<(typeof SHARE_PARTIES)[number]>,
  refundStatus: {
    initiated: tr('已发起', '已發起', 'Initiated'),
    approved: tr('平台已同意', '平台已同意', 'Platform approved'),
    rejected: tr('平台已拒绝', '平台已拒絕', 'Platform rejected'),
    refunding: tr('支付公司退款中', '支付公司退款中', 'Payment company refunding'),
    complete: tr('退款完成', '退款完成', 'Refund complete'),
    failed: tr('退款失败', '退款失敗', 'Refund failed'),
  } satisfies LabelGroup<(typeof REFUND_STATUSES)[number]>,
  refundType: {
    order: tr('订单', '訂單', 'Order'),
    prepayment: tr('预付款', '預付款', 'Prepayment'),
    balance: tr('用户余额', '使用者餘額', 'User balance'),
    deposit: tr('押金', '押金', 'Deposit'),
  } satisfies LabelGroup<(typeof REFUND_TYPES)[number]>,
} as const;

/** The column headers of an order export (the live orders' and the archive's). */
const orderExportColumns = {
  orderNo: tr('订单编号', '訂單編號', 'Order number'),
  deviceType: tr('设备类型', '設備類型', 'Device type'),
  status: tr('订单状态', '訂單狀態', 'Status'),
  paymentKind: tr('支付类型', '支付類型', 'Payment kind'),
  payMode: tr('支付方式', '支付方式', 'Pay mode'),
  userMobile: tr('用户手机', '使用者手機', 'User mobile'),
  deviceSn: tr('租借设备', '租借設備', 'Rented from'),
  powerBankId: tr('充电宝编号', '行動電源編號', 'Power bank'),
  packageName: tr('充电线套餐', '充電線套餐', 'Cable package'),
  rentOutletName: tr('租借网点', '租借網點', 'Rental outlet'),
  returnDeviceSn: tr('归还设备', '歸還設備', 'Returned to'),
  returnOutletName: tr('归还网点', '歸還網點', 'Return outlet'),
  depositAmount: tr('押金', '押金', 'Deposit'),
  originalAmount: tr('订单金额', '訂單金額', 'Order amount'),
  paidAmount: tr('实付金额', '實付金額', 'Paid'),
  refundAmount: tr('退款金额', '退款金額', 'Refunded'),
  billedMinutes: tr('计费时长(分钟)', '計費時長(分鐘)', 'Billed minutes'),
  startTime: tr('开始时间', '開始時間', 'Start'),
  endTime: tr('结束时间', '結束時間', 'End'),
  createTime: tr('创建时间', '建立時間', 'Created'),
};

/** The title and column headers of the order exports, keyed by the export call. */
export const orderExports = {
  orderExport: { title: tr('订单列表', '訂單列表', 'Orders'), columns: orderExportColumns },
  orderArchiveExport: { title: tr('30天前订单', '30天前訂單', 'Orders older than 30 days'), columns: orderExportColumns },
} as const;

/** What each change of the order domain is called in the operation log, keyed by its call. */
export const orderActions = {
  orderQueryPage: tr('查询订单', '查詢訂單', 'Query orders'),
  orderArchiveQueryPage: tr('查询30天前订单', '查詢30天前訂單', 'Query archived orders'),
  orderExport: tr('导出订单', '匯出訂單', 'Export orders'),
  orderArchiveExport: tr('导出30天前订单', '匯出30天前訂單', 'Export archived orders'),
  orderEnd: tr('结束订单', '結束訂單', 'End order'),
  orderSuspend: tr('暂停计费', '暫停計費', 'Suspend billing'),
  orderInit: tr('初始化订单', '初始化訂單', 'Initialise order'),
  refundOrderRefundAmount: tr('订单退款', '訂單退款', 'Refund order'),
  refundOrderRechargeOrderInfo: tr('查询可退金额', '查詢可退金額', 'Refund information'),
  refundOrderQueryPage: tr('查询退款记录', '查詢退款記錄', 'Query refunds'),
  appRent: tr('租借充电宝', '租借行動電源', 'Rent a power bank'),
  appRecharge: tr('余额充值', '餘額儲值', 'Top up balance'),
  appCableBuy: tr('购买充电线套餐', '購買充電線套餐', 'Buy a charging-cable package'),
  appBluetoothStart: tr('开始蓝牙充电', '開始藍牙充電', 'Start a Bluetooth charger session'),
  appBluetoothStop: tr('结束蓝牙充电', '結束藍牙充電', 'Stop a Bluetooth charger session'),
} as const satisfies { [K in keyof typeof orderCalls]?: Translations };
