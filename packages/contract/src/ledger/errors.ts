import { def, type ErrorDef } from '../platform/error-def.js';

/** Errors of the ledger and the payment providers: codes 1008xx. */
export const ledgerErrors = {
  LEDGER_UNBALANCED: def(
    100801,
    'A transaction whose debits do not equal its credits (or empty, or with a negative amount) is refused whole.',
    '账务不平衡，已拒绝',
    '帳務不平衡，已拒絕',
    'The transaction does not balance and was refused',
  ),
  LEDGER_KEY_REUSED: def(
    100802,
    'An idempotency key already names a different transaction.',
    '请求编号已用于另一笔交易',
    '請求編號已用於另一筆交易',
    'The idempotency key was already used for another transaction',
  ),
  PAYMENT_SIGNATURE: def(
    100803,
    'A payment notification whose signature does not verify is ignored.',
    '支付通知签名错误',
    '支付通知簽章錯誤',
    'Payment notification signature invalid',
  ),
  PAYMENT_PROVIDER_UNKNOWN: def(
    100804,
    'No payment provider has this name.',
    '未知的支付渠道',
    '未知的支付管道',
    'Unknown payment provider',
  ),
  PAYMENT_REFUSED: def(
    100805,
    'The payment provider refused the request; the reason is its own.',
    '支付渠道拒绝：{reason}',
    '支付管道拒絕：{reason}',
    'The payment provider refused: {reason}',
  ),
  PAYMENT_UNAVAILABLE: def(
    100806,
    'The payment provider did not answer in time; the request will be queried, not repeated blindly.',
    '支付渠道暂不可用，请稍后再试',
    '支付管道暫不可用，請稍後再試',
    'The payment provider is unavailable; try again later',
  ),
} as const satisfies Record<string, ErrorDef>;
