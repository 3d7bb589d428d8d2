import type { PayoutFailureReason } from '@cbo/contract';
import type { PaymentOutcome, StatementLine } from '../payments.js';

/**
 * WeChat Pay API v3 answers read into the payment interface: trades, refunds and transfer bills as
 * outcomes, transfer failure reasons as the contract's, and the trade and fund-flow bills (CSV) as
 * statement lines. Pure functions: the adapter verified what it hands here.
 */
type Json = Record<string, unknown>;

const FAILED_TRADE = new Set(['CLOSED', 'PAYERROR', 'REVOKED']);
const PAID_TRADE = new Set(['SUCCESS', 'REFUND']);

/** A trade (query answer or TRANSACTION notification): the amount is what WeChat Pay says the order took. */
export function tradeOutcome(t: Json): PaymentOutcome {
  const state = String(t.trade_state);
  const amount = t.amount as Json | undefined;
  const out: PaymentOutcome = {
    key: String(t.out_trade_no),
    op: 'charge',
    status: PAID_TRADE.has(state) ? 'succeeded' : FAILED_TRADE.has(state) ? 'failed' : 'pending',
    amount: Number(amount?.total ?? 0),
    reference: String(t.transaction_id ?? ''),
  };
  if (out.status === 'failed') out.failure = state;
  return out;
}

/** A refund (answer, query or REFUND.* notification, whose state is refund_status). */
export function refundOutcome(r: Json): PaymentOutcome {
  const state = String(r.status ?? r.refund_status);
  const out: PaymentOutcome = {
    key: String(r.out_refund_no),
    op: 'refund',
    status: state === 'SUCCESS' ? 'succeeded' : state === 'PROCESSING' ? 'pending' : 'failed',
    amount: Number((r.amount as Json | undefined)?.refund ?? 0),
    reference: String(r.refund_id ?? ''),
  };
  if (out.status === 'failed') out.failure = state;
  return out;
}

/**
 * A transfer bill (商家转账). Its creation answer carries no amount (`asked` stands in), the query and
 * the MCHTRANSFER.BILL.FINISHED notification do. Waiting for the payee: the partner app hands the
 * payParams to wx.requestMerchantTransfer, where the payee confirms the receipt.
 */
export function transferOutcome(b: Json, m: { mchId: string; appId: string }, asked = 0): PaymentOutcome {
  const state = String(b.state);
  const out: PaymentOutcome = {
    key: String(b.out_bill_no),
    op: 'payout',
    status: state === 'SUCCESS' ? 'succeeded' : state === 'FAIL' || state === 'CANCELLED' ? 'failed' : 'pending',
    amount: Number(b.transfer_amount ?? asked),
    reference: String(b.transfer_bill_no ?? ''),
  };
  if (out.status === 'failed') out.failure = payoutFailure(state === 'CANCELLED' ? state : String(b.fail_reason));
  if (state === 'WAIT_USER_CONFIRM' && typeof b.package_info === 'string') {
    out.payParams = { mchId: m.mchId, appId: m.appId, package: b.package_info };
  }
  return out;
}

/**
 * WeChat Pay transfer failure reasons (商家转账 fail_reason, and the synchronous error codes of the
 * transfer call) → the contract's payout failures (spec 8). Anything else is a system exception.
 */
const TRANSFER_FAILURES: Record<string, PayoutFailureReason> = {
  ACCOUNT_FROZEN: 'accountFrozen',
  REAL_NAME_CHECK_FAIL: 'notRealName',
  NAME_NOT_CORRECT: 'nameMismatch',
  OPENID_INVALID: 'openidInvalid',
  TRANSFER_QUOTA_EXCEED: 'quotaExceeded',
  DAY_RECEIVED_QUOTA_EXCEED: 'quotaExceeded',
  MONTH_RECEIVED_QUOTA_EXCEED: 'quotaExceeded',
  BLOCK_B2C_USERLIMITAMOUNT_MONTH: 'quotaExceeded',
  BLOCK_B2C_USERLIMITAMOUNT_BSRULE_MONTH: 'quotaExceeded',
  DAY_RECEIVED_COUNT_EXCEED: 'dailyCountExceeded',
  PRODUCT_AUTH_CHECK_FAIL: 'authorizationFailed',
  OVERDUE_CLOSE: 'transferClosed',
  MERCHANT_REJECT: 'transferClosed',
  MERCHANT_NOT_CONFIRM: 'transferClosed',
  CANCELLED: 'transferClosed',
  ID_CARD_NOT_CORRECT: 'idCardMismatch',
  ACCOUNT_NOT_EXIST: 'accountNotFound',
  TRANSFER_RISK: 'transferRisk',
  REALNAME_ACCOUNT_RECEIVED_QUOTA_EXCEED: 'realNameLimit',
  RECEIVE_ACCOUNT_NOT_PERMMIT: 'payeeNotConfigured',
  RECEIVE_ACCOUNT_NOT_CONFIGURE: 'payeeNotConfigured',
  PAYER_ACCOUNT_ABNORMAL: 'payerAbnormal',
  PAYEE_ACCOUNT_ABNORMAL: 'payeeAbnormal',
  TRANSFER_REMARK_SET_FAIL: 'remarkFailed',
  NOT_ENOUGH: 'insufficientBalance',
  QUOTA_EXCEED: 'merchantDailyQuota',
  NO_AUTH: 'insufficientPermission',
  TRANSFER_SCENE_INVALID: 'insufficientPermission',
  TRANSFER_SCENE_UNAVAILABLE: 'insufficientPermission',
};

export function payoutFailure(reason: string | undefined): PayoutFailureReason {
  return (reason && TRANSFER_FAILURES[reason]) || 'systemException';
}

/** "12.34" yuan (up to 5 decimals, a sign) → cents, rounded half away from zero. */
export function yuanToCents(text: string): number {
  const m = /^(-?)(\d+)(?:\.(\d{1,5}))?$/.exec(text.trim());
  if (!m) throw new Error(`wechatpay: not an amount: ${text}`);
  const frac = (m[3] ?? '').padEnd(5, '0');
  const hundredThousandths = Number(m[2]) * 100_000 + Number(frac);
  const cents = Math.floor((hundredThousandths + 500) / 1000);
  return m[1] === '-' ? -cents : cents;
}

/** One CSV line of a WeChat Pay bill: fields separated by commas, each data field prefixed with a backtick. */
function fields(line: string): string[] {
  return line.split(',').map((f) => f.replace(/^`/, '').trim());
}

/**
 * The trade bill (bill_type ALL) → statement lines. Paid trades are charges keyed by out_trade_no
 * (amount 订单金额); refund rows are refunds keyed by out_refund_no (amount 申请退款金额). The fee
 * column is the fee of the line in cents, positive; on a refund line it is the fee WeChat Pay gives
 * back. Times are Beijing time (+08:00). The summary lines at the end are checked against the rows.
 */
export function parseTradeBill(csv: string): StatementLine[] {
  const lines = csv
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '');
  if (lines.length === 0) return [];
  const head = fields(lines[0]!);
  const col = (name: string) => {
    const i = head.indexOf(name);
    if (i < 0) throw new Error(`wechatpay: the trade bill has no column ${name}`);
    return i;
  };
  const c = {
    at: col('交易时间'),
    txn: col('微信订单号'),
    outTrade: col('商户订单号'),
    state: col('交易状态'),
    refundId: col('微信退款单号'),
    outRefund: col('商户退款单号'),
    refundState: col('退款状态'),
    fee: col('手续费'),
    total: col('订单金额'),
    refundAsked: col('申请退款金额'),
  };
  const out: StatementLine[] = [];
  let i = 1;
  for (; i < lines.length && !lines[i]!.startsWith('总交易单数'); i++) {
    const f = fields(lines[i]!);
    const at = `${f[c.at]!.replace(' ', 'T')}+08:00`;
    const fee = Math.abs(yuanToCents(f[c.fee] || '0'));
    if (f[c.state] === 'REFUND') {
      const st = f[c.refundState];
      if (st !== 'SUCCESS' && st !== 'CLOSED' && st !== 'ABNORMAL' && st !== 'FAIL') continue;
      out.push({
        key: f[c.outRefund]!,
        op: 'refund',
        reference: f[c.refundId]!,
        amount: yuanToCents(f[c.refundAsked]!),
        fee,
        at,
        status: st === 'SUCCESS' ? 'succeeded' : 'failed',
      });
    } else if (f[c.state] === 'SUCCESS') {
      out.push({
        key: f[c.outTrade]!,
        op: 'charge',
        reference: f[c.txn]!,
        amount: yuanToCents(f[c.total]!),
        fee,
        at,
        status: 'succeeded',
      });
    }
  }
  const summary = lines[i + 1] ? fields(lines[i + 1]!) : null;
  if (summary && Number(summary[0]) !== i - 1) {
    throw new Error('wechatpay: the trade bill summary does not count its rows');
  }
  return out;
}

/**
 * The fund-flow bill → the day's merchant transfers (payouts). Only transfer rows are read: payments
 * and refunds come from the trade bill with their fees. A transfer paid out (支出) succeeded; one that
 * came back (收入, a transfer returned) is a failed payout. The key is the merchant's number (业务凭证号),
 * the reference WeChat Pay's (微信支付业务单号).
 */
export function parseFundFlowBill(csv: string): StatementLine[] {
  const lines = csv
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '');
  if (lines.length === 0) return [];
  const head = fields(lines[0]!);
  const col = (prefix: string) => {
    const i = head.findIndex((h) => h.startsWith(prefix));
    if (i < 0) throw new Error(`wechatpay: the fund-flow bill has no column ${prefix}`);
    return i;
  };
  const c = {
    at: col('记账时间'),
    ref: col('微信支付业务单号'),
    name: col('业务名称'),
    type: col('业务类型'),
    dir: col('收支类型'),
    amount: col('收支金额'),
    voucher: col('业务凭证号'),
  };
  const out: StatementLine[] = [];
  let i = 1;
  for (; i < lines.length && !lines[i]!.startsWith('资金流水总笔数'); i++) {
    const f = fields(lines[i]!);
    if (!/转账|企业付款/.test(`${f[c.name]}${f[c.type]}`)) continue;
    out.push({
      key: f[c.voucher]!,
      op: 'payout',
      reference: f[c.ref]!,
      amount: Math.abs(yuanToCents(f[c.amount]!)),
      fee: 0,
      at: `${f[c.at]!.replace(' ', 'T')}+08:00`,
      status: f[c.dir] === '支出' ? 'succeeded' : 'failed',
    });
  }
  const summary = lines[i + 1] ? fields(lines[i + 1]!) : null;
  if (summary && Number(summary[0]) !== i - 1)
    throw new Error('wechatpay: the fund-flow bill summary does not count its rows');
  return out;
}
