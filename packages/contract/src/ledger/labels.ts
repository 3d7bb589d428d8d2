import { tr, type LabelGroup } from '../platform/labels.js';
import type { Translations } from '../platform/lang.js';
import type { ledgerCalls } from './calls.js';
import type { Lang } from '../platform/lang.js';
import { LEDGER_MEMOS, type ACCOUNT_KINDS, type LedgerKind, type LedgerMemo } from './ledger.js';

/** Why a payout fails, as the payment companies say it (the sandbox can fail with each). */
export const PAYOUT_FAILURES = [
  'accountFrozen',
  'notRealName',
  'nameMismatch',
  'openidInvalid',
  'quotaExceeded',
  'dailyCountExceeded',
  'authorizationFailed',
  'transferClosed',
  'idCardMismatch',
  'accountNotFound',
  'transferRisk',
  'realNameLimit',
  'payeeNotConfigured',
  'payerAbnormal',
  'payeeAbnormal',
  'remarkFailed',
  'insufficientBalance',
  'merchantDailyQuota',
] as const;
export type PayoutFailure = (typeof PAYOUT_FAILURES)[number];

/** Words of the ledger that both the console and the server show. */
export const ledgerLabels = {
  accountKind: {
    providerClearing: tr('支付渠道清算', '支付管道清算', 'Provider clearing'),
    userDeposit: tr('用户押金', '使用者押金', 'User deposits held'),
    userBalance: tr('用户余额', '使用者餘額', 'User balances'),
    revenue: tr('平台收入', '平台收入', 'Revenue'),
    agentPayable: tr('应付代理商', '應付代理商', 'Agent payable'),
    outletPayable: tr('应付网点', '應付網點', 'Outlet payable'),
    providerPayable: tr('应付服务商', '應付服務商', 'Service provider payable'),
    pusherPayable: tr('应付地推', '應付地推', 'Pusher payable'),
    fees: tr('手续费', '手續費', 'Fees'),
    taxes: tr('税费', '稅費', 'Taxes'),
    refunds: tr('退款', '退款', 'Refunds'),
    orderIncome: tr('待分账订单收入', '待分帳訂單收入', 'Order income to share'),
    voucherLiability: tr('代金券预收款', '代金券預收款', 'Voucher liability (unused passes)'),
    payoutHold: tr('提现冻结', '提現凍結', 'Withdrawals held'),
    operatorPayable: tr('应付运营商', '應付營運商', 'Operator payable'),
    balanceRefundHold: tr('余额退款冻结', '餘額退款凍結', 'Balance refunds held'),
    marketingExpense: tr('营销费用', '行銷費用', 'Marketing expense'),
    separated: tr('分单收入', '分單收入', 'Separated shares'),
    agentReceivable: tr('应收代理商', '應收代理商', 'Owed by agent'),
    outletReceivable: tr('应收网点', '應收網點', 'Owed by outlet'),
    providerReceivable: tr('应收服务商', '應收服務商', 'Owed by service provider'),
    pusherReceivable: tr('应收地推', '應收地推', 'Owed by pusher'),
    operatorReceivable: tr('应收运营商', '應收營運商', 'Owed by operator'),
  } satisfies LabelGroup<(typeof ACCOUNT_KINDS)[number]>,
  /** The kinds of movement (a transaction's kind), as the fund flows show and filter them. */
  flowKind: {
    rent: tr('租借', '租借', 'Rent'),
    settle: tr('扣取费用', '扣取費用', 'Fee taken'),
    deduct: tr('代扣费用', '代扣費用', 'Fee deducted'),
    release: tr('退还剩余', '退還剩餘', 'Released'),
    share: tr('分润', '分潤', 'Shares'),
    refund: tr('退款', '退款', 'Refund'),
    recharge: tr('充值', '儲值', 'Top-up'),
    withdrawal: tr('提现', '提現', 'Withdrawal'),
    demo: tr('演示期初', '演示期初', 'Demo opening'),
    separate: tr('订单分单', '訂單分單', 'Order separated'),
    separateRestore: tr('分单恢复', '分單恢復', 'Separation restored'),
    receivable: tr('转为欠款', '轉為欠款', 'Owed by the partner'),
    netting: tr('欠款抵扣', '欠款抵扣', 'Debt paid from shares'),
    depositRefund: tr('押金退款', '押金退款', 'Deposit refund'),
    balanceRefundHold: tr('余额退款', '餘額退款', 'Balance refund'),
    couponUse: tr('优惠券抵扣', '優惠券抵扣', 'Coupon used'),
    memberDeduction: tr('会员抵扣', '會員抵扣', 'Member deduction'),
    costRecovery: tr('网点成本摊销', '網點成本攤銷', 'Outlet cost recovered'),
    voucherBuy: tr('购买代金券', '購買代金券', 'Voucher bought'),
    voucherUse: tr('使用代金券', '使用代金券', 'Voucher used'),
    voucherExpire: tr('代金券过期', '代金券過期', 'Voucher expired'),
    voucherRefund: tr('代金券退款', '代金券退款', 'Voucher refunded'),
  } satisfies LabelGroup<LedgerKind>,
  memo: {
    depositTaken: tr('收取押金', '收取押金', 'Deposit taken'),
    depositFromBalance: tr('从余额冻结押金', '從餘額凍結押金', 'Deposit held from the balance'),
    feeFromDeposit: tr('从押金扣除费用', '從押金扣除費用', 'Fee taken from the deposit'),
    depositToBalance: tr('押金退回余额', '押金退回餘額', 'Deposit back to the balance'),
    depositBack: tr('押金退还用户', '押金退還使用者', 'Deposit back to the customer'),
    sharesOfNet: tr('按净额分润', '按淨額分潤', 'Shares of the net amount'),
    feeDeducted: tr('支付渠道扣款', '支付管道扣款', 'Fee deducted by the payment company'),
    feeFromAuthorization: tr(
      '免押订单从预授权冻结金额扣款',
      '免押訂單從預授權凍結金額扣款',
      'Deposit-free fee paid from the frozen amount',
    ),
    refundPaid: tr('退款已支付', '退款已支付', 'Refund paid'),
    refundFailedSharesRestored: tr('退款失败：分润已恢复', '退款失敗：分潤已恢復', 'Refund failed: shares restored'),
    balanceToppedUp: tr('余额充值', '餘額儲值', 'Balance topped up'),
    cablePackagePaid: tr('充电线套餐付款', '充電線套餐付款', 'Cable package paid'),
    prepaymentHeld: tr('预付款冻结', '預付款凍結', 'Prepayment held'),
    depositHeldAgain: tr('押金未退回：重新冻结', '押金未退回：重新凍結', 'Deposit not given back: held again'),
    depositRefundedByStaff: tr('押金由工作人员退款', '押金由工作人員退款', 'Deposit refunded by staff'),
    depositRefundFailedHeldAgain: tr(
      '押金退款失败：重新冻结',
      '押金退款失敗：重新凍結',
      'Deposit refund failed: held again',
    ),
    voucherSold: tr('售出代金券（使用时确认收入）', '售出代金券（使用時認列收入）', 'Voucher sold (revenue when used)'),
    voucherUsed: tr('代金券抵扣', '代金券抵扣', 'Voucher used'),
    voucherExpired: tr(
      '代金券过期（剩余次数转收入）',
      '代金券過期（剩餘次數轉收入）',
      'Voucher expired with uses left',
    ),
    payoutHeld: tr('提现申请：金额冻结', '提現申請：金額凍結', 'Withdrawal applied: amount held'),
    payoutReleased: tr(
      '提现驳回或失败：金额退回',
      '提現駁回或失敗：金額退回',
      'Withdrawal rejected or failed: amount given back',
    ),
    payoutPaid: tr('提现已打款（含手续费）', '提現已撥款（含手續費）', 'Withdrawal paid out (fee kept)'),
    demoOpeningEarnings: tr('演示：合作方期初收益', '演示：合作方期初收益', 'Demo: opening earnings of a partner'),
    couponUsed: tr(
      '优惠券抵扣（平台营销费用）',
      '優惠券抵扣（平台行銷費用）',
      'Coupon deduction (platform marketing expense)',
    ),
    memberDeducted: tr(
      '会员等级抵扣（平台营销费用）',
      '會員等級抵扣（平台行銷費用）',
      'Member level deduction (platform marketing expense)',
    ),
    outletCostRecovered: tr(
      '网点分润按摊销执行比例归还成本给归属方',
      '網點分潤按攤銷執行比例歸還成本給歸屬方',
      "Outlet's share pays back its cost to its owner (amortization)",
    ),
    orderSeparated: tr(
      '分单规则 {rule} 分出合作方分润',
      '分單規則 {rule} 分出合作方分潤',
      'Partner shares separated by rule {rule}',
    ),
    separationRestored: tr(
      '分单规则 {rule} 恢复合作方分润',
      '分單規則 {rule} 恢復合作方分潤',
      'Partner shares restored from rule {rule}',
    ),
    balanceRefundHeld: tr('余额退款申请：金额冻结', '餘額退款申請：金額凍結', 'Balance refund asked: amount held'),
    balanceRefundReleased: tr(
      '余额退款驳回或失败：金额退回余额',
      '餘額退款駁回或失敗：金額退回餘額',
      'Balance refund rejected or failed: amount back to the balance',
    ),
    balanceRefundPaid: tr(
      '余额退款已退回原充值渠道',
      '餘額退款已退回原儲值管道',
      'Balance refund paid back to the top-up charge',
    ),
    partnerOwes: tr(
      '冲回超出应付余额：转为合作方欠款',
      '沖回超出應付餘額：轉為合作方欠款',
      'Reversal above the payable: owed by the partner',
    ),
    owedNetted: tr('从新分润中抵扣合作方欠款', '從新分潤中抵扣合作方欠款', 'Owed amount taken from new shares'),
  } satisfies LabelGroup<LedgerMemo>,
  payoutFailure: {
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
    accountNotFound: tr('收款账户不存在', '收款帳戶不存在', 'Account does not exist'),
    transferRisk: tr('转账存在风险', '轉帳存在風險', 'Transfer risk'),
    realNameLimit: tr('实名账户收款受限', '實名帳戶收款受限', 'Real-name account receive limit'),
    payeeNotConfigured: tr('收款方未配置', '收款方未設定', 'Payee not configured'),
    payerAbnormal: tr('付款账户异常', '付款帳戶異常', 'Payer account abnormal'),
    payeeAbnormal: tr('收款账户异常', '收款帳戶異常', 'Payee account abnormal'),
    remarkFailed: tr('备注设置失败', '備註設定失敗', 'Remark setting failed'),
    insufficientBalance: tr('参数错误或余额不足', '參數錯誤或餘額不足', 'Parameter error or insufficient balance'),
    merchantDailyQuota: tr('超出商户当日转账额度', '超出商戶當日轉帳額度', 'Merchant daily transfer quota exceeded'),
  } satisfies LabelGroup<PayoutFailure>,
  provider: {
    sandbox: tr('沙箱支付（不产生真实资金）', '沙箱支付（不產生真實資金）', 'Sandbox payments (no real money)'),
  },
} as const;

const flowColumns = {
  time: tr('时间', '時間', 'Time'),
  kind: tr('类型', '類型', 'Kind'),
  orderNo: tr('订单编号', '訂單編號', 'Order number'),
  accountCode: tr('账户编码', '帳戶編碼', 'Account code'),
  accountName: tr('账户', '帳戶', 'Account'),
  debit: tr('借方', '借方', 'Debit'),
  credit: tr('贷方', '貸方', 'Credit'),
  memo: tr('摘要', '摘要', 'Memo'),
  transactionKey: tr('交易编号', '交易編號', 'Transaction'),
};
/** The title and column headers of the fund-flow exports. */
export const ledgerExports = {
  fundFlowPlatformExport: { title: tr('平台资金流水', '平台資金流水', 'Platform fund flow'), columns: flowColumns },
  fundFlowUserExport: { title: tr('用户资金流水', '使用者資金流水', 'User fund flow'), columns: flowColumns },
  fundFlowAccountExport: { title: tr('账户资金流水', '帳戶資金流水', 'Account fund flow'), columns: flowColumns },
} as const;

/** What each change of the ledger is called in the operation log, keyed by its call. */
export const ledgerActions = {
  fundFlowPlatform: tr('查询平台资金流水', '查詢平台資金流水', 'Query platform fund flow'),
  fundFlowUser: tr('查询用户资金流水', '查詢使用者資金流水', 'Query user fund flow'),
  fundFlowAccount: tr('查询账户资金流水', '查詢帳戶資金流水', 'Query account fund flow'),
  fundFlowPlatformExport: tr('导出平台资金流水', '匯出平台資金流水', 'Export platform fund flow'),
  fundFlowUserExport: tr('导出用户资金流水', '匯出使用者資金流水', 'Export user fund flow'),
  fundFlowAccountExport: tr('导出账户资金流水', '匯出帳戶資金流水', 'Export account fund flow'),
  paymentNotify: tr('支付通知', '支付通知', 'Payment notification'),
} as const satisfies { [K in keyof typeof ledgerCalls]?: Translations };

/** The English memos the ledger stored before it kept codes, so older movements read in every language too. */
const LEGACY_MEMOS: Record<string, LedgerMemo> = {
  'deposit taken': 'depositTaken',
  'deposit held from the balance': 'depositFromBalance',
  'fee taken from the deposit': 'feeFromDeposit',
  'deposit back to the balance': 'depositToBalance',
  'deposit back to the customer': 'depositBack',
  'shares of the net amount': 'sharesOfNet',
  'fee deducted by the payment company': 'feeDeducted',
  'refund paid': 'refundPaid',
  'refund failed: shares restored': 'refundFailedSharesRestored',
  'balance topped up': 'balanceToppedUp',
};
const MEMO_SET: ReadonlySet<string> = new Set(LEDGER_MEMOS);

/**
 * A movement's memo in a language: a memo code (or an older English memo) in words, any other text
 * as written. A code may carry the rule that caused it, `code:RULE` (a separation's rule code).
 */
export function memoText(memo: string, lang: Lang): string {
  const colon = memo.indexOf(':');
  if (colon > 0 && MEMO_SET.has(memo.slice(0, colon)))
    return ledgerLabels.memo[memo.slice(0, colon) as LedgerMemo][lang].replace('{rule}', memo.slice(colon + 1));
  const code = MEMO_SET.has(memo)
    ? (memo as LedgerMemo)
    : Object.hasOwn(LEGACY_MEMOS, memo)
      ? LEGACY_MEMOS[memo]!
      : null;
  return code ? ledgerLabels.memo[code][lang] : memo;
}

/** What each call of the ledger domain that changes nothing is named (interfaces screen); a change is named by its action above. */
export const ledgerReads = {
  ledgerTrialBalance: tr('试算平衡', '試算平衡', 'Trial balance'),
  ledgerAccounts: tr('账本账户', '帳本帳戶', 'Ledger accounts'),
  ledgerPaymentProvider: tr('当前支付渠道', '目前支付管道', 'Payment provider in use'),
} as const satisfies { [K in keyof typeof ledgerCalls]?: Translations };
