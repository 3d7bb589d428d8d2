import { tr, type LabelGroup } from '../platform/labels.js';
import type { Translations } from '../platform/lang.js';
import type { depositCalls } from './calls.js';
import type { DEPOSIT_CHANNELS, DEPOSIT_RULE_SCOPES, DEPOSIT_RULE_STATUSES, DEPOSIT_STATES } from './deposit.js';

/** Words of the deposit domain that both the console and the server show. */
export const depositLabels = {
  depositState: {
    held: tr('押金中', '押金中', 'Held'),
    returned: tr('已退还', '已退還', 'Returned'),
    pendingAudit: tr('退款待审核', '退款待審核', 'Refund pending audit'),
    refunding: tr('退款中', '退款中', 'Refunding'),
    refunded: tr('已退款', '已退款', 'Refunded'),
    refundFailed: tr('退款失败', '退款失敗', 'Refund failed'),
    rejected: tr('已驳回', '已駁回', 'Rejected'),
  } satisfies LabelGroup<(typeof DEPOSIT_STATES)[number]>,
  depositChannel: {
    provider: tr('支付公司', '支付公司', 'Payment company'),
    balance: tr('余额', '餘額', 'Balance'),
  } satisfies LabelGroup<(typeof DEPOSIT_CHANNELS)[number]>,
  ruleScope: {
    platform: tr('平台', '平台', 'Platform'),
    agent: tr('代理商', '代理商', 'Agent'),
    outlet: tr('网点', '網點', 'Outlet'),
  } satisfies LabelGroup<(typeof DEPOSIT_RULE_SCOPES)[number]>,
  ruleStatus: {
    enabled: tr('启用', '啟用', 'Enabled'),
    disabled: tr('停用', '停用', 'Disabled'),
  } satisfies LabelGroup<(typeof DEPOSIT_RULE_STATUSES)[number]>,
} as const;

/** The title and column headers of the deposit exports, keyed by the export call. */
export const depositExports = {
  depositExport: {
    title: tr('押金订单', '押金訂單', 'Deposit orders'),
    columns: {
      depositNo: tr('押金单号', '押金單號', 'Deposit number'),
      orderNo: tr('订单编号', '訂單編號', 'Order number'),
      state: tr('押金状态', '押金狀態', 'State'),
      channel: tr('支付渠道', '支付渠道', 'Channel'),
      userMobile: tr('用户手机', '使用者手機', 'User mobile'),
      outletName: tr('租借网点', '租借網點', 'Rental outlet'),
      amount: tr('押金金额', '押金金額', 'Deposit'),
      feeTaken: tr('扣除费用', '扣除費用', 'Fee taken'),
      refundFee: tr('退款手续费', '退款手續費', 'Refund fee'),
      returnedAmount: tr('退还金额', '退還金額', 'Returned'),
      payReference: tr('支付流水号', '支付流水號', 'Payment reference'),
      remark: tr('备注', '備註', 'Remark'),
      createTime: tr('创建时间', '建立時間', 'Created'),
      finishTime: tr('完结时间', '完結時間', 'Finished'),
    },
  },
} as const;

/** What each change of the deposit domain is called in the operation log, keyed by its call. */
export const depositActions = {
  depositIgnoreDel: tr('移出押金规则忽略名单', '移出押金規則忽略名單', 'Remove from the deposit rules ignore list'),
  depositIgnoreAdd: tr('加入押金规则忽略名单', '加入押金規則忽略名單', 'Add to the deposit rules ignore list'),
  depositIgnoreBatch: tr(
    '批量加入押金规则忽略名单',
    '批次加入押金規則忽略名單',
    'Add phones to the deposit rules ignore list',
  ),
  depositRuleSave: tr('保存押金规则', '儲存押金規則', 'Save deposit rule'),
  depositRuleList: tr('查询押金规则', '查詢押金規則', 'Query deposit rules'),
  depositRuleEditStatus: tr('启停押金规则', '啟停押金規則', 'Enable or disable deposit rule'),
  depositQueryPage: tr('查询押金订单', '查詢押金訂單', 'Query deposit orders'),
  depositStatistics: tr('押金统计', '押金統計', 'Deposit statistics'),
  depositExport: tr('导出押金订单', '匯出押金訂單', 'Export deposit orders'),
  depositAudit: tr('审核押金退款', '審核押金退款', 'Audit deposit refund'),
  depositRefundApply: tr('申请押金退款', '申請押金退款', 'Ask for a deposit refund'),
} as const satisfies { [K in keyof typeof depositCalls]?: Translations };

/** Names of the deposit rule's fields, for messages that name one. */
export const depositFields = {
  depositOrderCount: tr('押金订单数', '押金訂單數', 'Deposit order count'),
  depositFreeOrderCount: tr('免押金订单数', '免押金訂單數', 'Deposit-free order count'),
} satisfies Record<string, Translations>;

/** What each call of the deposit domain that changes nothing is named (interfaces screen); a change is named by its action above. */
export const depositReads = {
  depositIgnoreList: tr('押金规则忽略名单', '押金規則忽略名單', 'Deposit rules ignore list'),
  depositRuleDetail: tr('押金规则详情', '押金規則詳情', 'Deposit rule details'),
} as const satisfies { [K in keyof typeof depositCalls]?: Translations };
