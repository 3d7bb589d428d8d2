import { tr, type LabelGroup } from '../platform/labels.js';
import type { Translations } from '../platform/lang.js';
import type { payoutCalls } from './calls.js';
import type { PAYOUT_FAILURE_REASONS, PAYOUT_METHODS, PAYOUT_PARTIES, PAYOUT_STATES } from './payout.js';

/** Words of the withdrawal domain that both the console and the server show. */
export const payoutLabels = {
  payoutState: {
    initiated: tr('已发起', '已發起', 'Initiated'),
    approved: tr('平台已审核', '平台已審核', 'Platform approved'),
    rejected: tr('平台已驳回', '平台已駁回', 'Platform rejected'),
    paying: tr('支付公司打款中', '支付公司撥款中', 'Payment company paying out'),
    success: tr('提现成功', '提現成功', 'Success'),
    failed: tr('提现失败', '提現失敗', 'Failed'),
  } satisfies LabelGroup<(typeof PAYOUT_STATES)[number]>,
  payoutMethod: {
    wechat: tr('微信', '微信', 'WeChat'),
    alipay: tr('支付宝', '支付寶', 'Alipay'),
    line: tr('LINE', 'LINE', 'LINE'),
    tap: tr('Tap', 'Tap', 'Tap'),
  } satisfies LabelGroup<(typeof PAYOUT_METHODS)[number]>,
  payoutParty: {
    agent: tr('代理商', '代理商', 'Agent'),
    serviceProvider: tr('服务商', '服務商', 'Service provider'),
    pusher: tr('地推', '地推', 'Pusher'),
    outlet: tr('网点', '網點', 'Outlet'),
    operator: tr('运营商', '營運商', 'Operator'),
  } satisfies LabelGroup<(typeof PAYOUT_PARTIES)[number]>,
  // spec 4 and 8: each reason a payout fails for, in three languages.
  failureReason: {
    systemException: tr('系统异常', '系統異常', 'System exception'),
    accountFrozen: tr('账户已冻结', '帳戶已凍結', 'Account frozen'),
    notRealName: tr('用户未实名', '使用者未實名', 'User not real-name verified'),
    nameMismatch: tr('姓名校验失败', '姓名校驗失敗', 'Name check failed'),
    openidInvalid: tr('openid 无效', 'openid 無效', 'openid invalid'),
    quotaExceeded: tr(
      '超出单笔/单日/单月收款额度',
      '超出單筆/單日/單月收款額度',
      'Single, daily or monthly receive quota exceeded',
    ),
    dailyCountExceeded: tr('超出当日收款次数', '超出當日收款次數', 'Daily receive count exceeded'),
    authorizationFailed: tr('产品权限验证失败', '產品權限驗證失敗', 'Product authorization failed'),
    transferClosed: tr('转账已关闭', '轉帳已關閉', 'Transfer closed'),
    idCardMismatch: tr('身份证校验失败', '身分證校驗失敗', 'ID card check failed'),
    accountNotFound: tr('收款账户不存在', '收款帳戶不存在', 'Payee account not found'),
    transferRisk: tr('转账存在风险', '轉帳存在風險', 'Transfer risk'),
    realNameLimit: tr('实名账户收款受限', '實名帳戶收款受限', 'Real-name account receive limit'),
    payeeNotConfigured: tr('收款方未配置', '收款方未設定', 'Payee not configured'),
    payerAbnormal: tr('付款账户异常', '付款帳戶異常', 'Payer account abnormal'),
    payeeAbnormal: tr('收款账户异常', '收款帳戶異常', 'Payee account abnormal'),
    remarkFailed: tr('备注设置失败', '備註設定失敗', 'Remark setting failed'),
    insufficientBalance: tr('参数错误或余额不足', '參數錯誤或餘額不足', 'Parameter error or insufficient balance'),
    merchantDailyQuota: tr('超出商户当日转账额度', '超出商戶當日轉帳額度', 'Merchant daily transfer quota exceeded'),
    insufficientPermission: tr('支付渠道权限不足', '支付管道權限不足', 'Insufficient provider permission'),
  } satisfies LabelGroup<(typeof PAYOUT_FAILURE_REASONS)[number]>,
} as const;

/** The title and column headers of the withdrawal export. */
export const payoutExports = {
  payoutExport: {
    title: tr('提现申请', '提現申請', 'Withdrawals'),
    columns: {
      applicationNo: tr('申请编号', '申請編號', 'Application number'),
      status: tr('状态', '狀態', 'Status'),
      partyKind: tr('账户类型', '帳戶類型', 'Account kind'),
      partyName: tr('账户', '帳戶', 'Account'),
      method: tr('提现方式', '提現方式', 'Method'),
      payeeName: tr('姓名', '姓名', 'Name'),
      payeeAccount: tr('收款账号', '收款帳號', 'Payee account'),
      amount: tr('提现金额', '提現金額', 'Amount'),
      fee: tr('手续费', '手續費', 'Fee'),
      actualAmount: tr('实际到账', '實際到帳', 'Actual amount'),
      failureReason: tr('失败原因', '失敗原因', 'Failure reason'),
      rejectReason: tr('驳回原因', '駁回原因', 'Reject reason'),
      reviewer: tr('审核人', '審核人', 'Reviewer'),
      reviewTime: tr('审核时间', '審核時間', 'Review time'),
      providerReference: tr('支付流水号', '支付流水號', 'Payment reference'),
      createTime: tr('申请时间', '申請時間', 'Applied'),
      finishTime: tr('完结时间', '完結時間', 'Finished'),
    },
  },
} as const;

/** What each change of the withdrawal domain is called in the operation log, keyed by its call. */
export const payoutActions = {
  payoutApply: tr('申请提现', '申請提現', 'Apply for a withdrawal'),
  payoutAudit: tr('审核提现', '審核提現', 'Review a withdrawal'),
  payoutBatchAudit: tr('批量审核提现', '批次審核提現', 'Review withdrawals in a batch'),
  payoutExport: tr('导出提现申请', '匯出提現申請', 'Export withdrawals'),
} as const satisfies { [K in keyof typeof payoutCalls]?: Translations };

/** What each call of the payout domain that changes nothing is named (interfaces screen); a change is named by its action above. */
export const payoutReads = {
  payoutBalance: tr('合作方App：可提现余额', '合作方App：可提現餘額', 'Partner app: withdrawable balance'),
  payoutMine: tr('合作方App：我的提现', '合作方App：我的提現', 'Partner app: my withdrawals'),
  payoutConfirmation: tr(
    '合作方App：微信提现确认收款参数',
    '合作方App：微信提現確認收款參數',
    'Partner app: confirm a WeChat withdrawal',
  ),
  payoutQueryPage: tr('查询提现申请', '查詢提現申請', 'Query withdrawals'),
  payoutDetail: tr('提现详情', '提現詳情', 'Withdrawal details'),
  payoutSummary: tr('提现汇总', '提現彙總', 'Withdrawal summary'),
} as const satisfies { [K in keyof typeof payoutCalls]?: Translations };
