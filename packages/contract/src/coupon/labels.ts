import { tr, type LabelGroup } from '../platform/labels.js';
import type { Translations } from '../platform/lang.js';
import type { couponCalls } from './calls.js';
import type {
  COUPON_BATCH_STATUSES,
  COUPON_CODE_STATUSES,
  COUPON_SKIP_REASONS,
  COUPON_SOURCES,
  COUPON_STATUSES,
  COUPON_STORED_SCOPES,
  COUPON_TYPES,
  USER_COUPON_STATUSES,
} from './coupon.js';

/** Words of the coupon domain that both the console and the server show. */
export const couponLabels = {
  couponType: {
    duration: tr('时长券', '時長券', 'Free-time coupon'),
    money: tr('金额券', '金額券', 'Amount-off coupon'),
  } satisfies LabelGroup<(typeof COUPON_TYPES)[number]>,
  couponScope: {
    platform: tr('全平台', '全平台', 'Platform'),
    agent: tr('代理商', '代理商', 'Agent'),
    outlet: tr('网点', '網點', 'Outlet'),
    device: tr('设备', '設備', 'Device'),
    operator: tr('运营商（直营团队）', '營運商（直營團隊）', 'Operator (direct-sales team)'),
    provider: tr('服务商（原运营商范围）', '服務商（原營運商範圍）', 'Service provider (former operator scope)'),
  } satisfies LabelGroup<(typeof COUPON_STORED_SCOPES)[number]>,
  couponSource: {
    platform: tr('平台发放', '平台發放', 'Platform send'),
    code: tr('兑换码兑换', '兌換碼兌換', 'Code redemption'),
  } satisfies LabelGroup<(typeof COUPON_SOURCES)[number]>,
  couponStatus: {
    active: tr('正常', '正常', 'Active'),
    stopped: tr('已停用', '已停用', 'Stopped'),
    deleted: tr('已删除', '已刪除', 'Deleted'),
  } satisfies LabelGroup<(typeof COUPON_STATUSES)[number]>,
  userCouponStatus: {
    unused: tr('未使用', '未使用', 'Unused'),
    used: tr('已使用', '已使用', 'Used'),
    expired: tr('已过期', '已過期', 'Expired'),
  } satisfies LabelGroup<(typeof USER_COUPON_STATUSES)[number]>,
  batchStatus: {
    normal: tr('正常', '正常', 'Normal'),
    completed: tr('兑换完成', '兌換完成', 'Exchange completed'),
    ended: tr('兑换结束', '兌換結束', 'Exchange ended'),
  } satisfies LabelGroup<(typeof COUPON_BATCH_STATUSES)[number]>,
  codeStatus: {
    unused: tr('未兑换', '未兌換', 'Not exchanged'),
    redeemed: tr('已兑换', '已兌換', 'Exchanged'),
  } satisfies LabelGroup<(typeof COUPON_CODE_STATUSES)[number]>,
  skipReason: {
    badFormat: tr('手机号格式错误', '手機號碼格式錯誤', 'Mobile format error'),
    duplicate: tr('重复的手机号', '重複的手機號碼', 'Listed twice'),
    absent: tr('用户不存在', '使用者不存在', 'No such user'),
    dailyLimit: tr('已达每日领取上限', '已達每日領取上限', 'Daily limit reached'),
  } satisfies LabelGroup<(typeof COUPON_SKIP_REASONS)[number]>,
} as const;

/** The coupon codes' export sheet, keyed by its call (the code list's columns take the same words). */
export const couponExports = {
  couponCodeExport: {
    title: tr('优惠券兑换码', '優惠券兌換碼', 'Coupon codes'),
    columns: {
      code: tr('兑换码', '兌換碼', 'Code'),
      batchNo: tr('批次号', '批次號', 'Batch'),
      couponName: tr('优惠券', '優惠券', 'Coupon'),
      status: tr('状态', '狀態', 'Status'),
      userMobile: tr('兑换用户', '兌換使用者', 'Redeemed by'),
      redeemTime: tr('兑换时间', '兌換時間', 'Redeemed at'),
      createTime: tr('生成时间', '產生時間', 'Generated'),
    },
  },
} as const;

/** Names of the coupon fields, for messages that name one. */
export const couponFieldLabels = {
  durationHours: tr('免费时长', '免費時長', 'Free hours'),
  validFrom: tr('有效期开始', '有效期開始', 'Valid from'),
  validTo: tr('有效期结束', '有效期結束', 'Valid to'),
  exchangeDeadline: tr('兑换截止时间', '兌換截止時間', 'Exchange deadline'),
  perUser: tr('每人张数', '每人張數', 'Coupons each'),
  dailyLimit: tr('每人每日上限', '每人每日上限', 'Daily limit each'),
  mobiles: tr('手机号', '手機號碼', 'Mobiles'),
  scopeSn: tr('设备编号', '設備編號', 'Device SN'),
} as const;

/** What each change of the coupon domain is called in the operation log, keyed by its call. */
export const couponActions = {
  couponSave: tr('保存优惠券', '儲存優惠券', 'Save coupon'),
  couponStatus: tr('修改优惠券状态', '修改優惠券狀態', 'Change coupon status'),
  couponIssue: tr('发放优惠券', '發放優惠券', 'Issue coupons'),
  couponReadMobiles: tr('读取手机号文件', '讀取手機號碼檔案', 'Read mobiles file'),
  couponBatchCreate: tr('生成兑换码', '產生兌換碼', 'Generate coupon codes'),
  couponBatchEnd: tr('结束兑换', '結束兌換', 'End code redemption'),
  couponCodeExport: tr('导出兑换码', '匯出兌換碼', 'Export coupon codes'),
  appCouponRedeem: tr('兑换优惠券', '兌換優惠券', 'Redeem coupon code'),
} as const satisfies { [K in keyof typeof couponCalls]?: Translations };

/** What each call of the coupon domain that changes nothing is named (interfaces screen); a change is named by its action above. */
export const couponReads = {
  couponQueryPage: tr('查询优惠券', '查詢優惠券', 'Query coupons'),
  couponDetail: tr('优惠券详情', '優惠券詳情', 'Coupon details'),
  userCouponQueryPage: tr('查询用户优惠券', '查詢使用者優惠券', 'Query customer coupons'),
  couponBatchQueryPage: tr('查询兑换码批次', '查詢兌換碼批次', 'Query code batches'),
  couponCodeQueryPage: tr('查询兑换码', '查詢兌換碼', 'Query coupon codes'),
  appMyCoupons: tr('用户端：我的优惠券', '使用者端：我的優惠券', 'Customer app: my coupons'),
} as const satisfies { [K in keyof typeof couponCalls]?: Translations };
