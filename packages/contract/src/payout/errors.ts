import { def, type ErrorDef } from '../platform/error-def.js';

/** Errors of the withdrawal domain: codes 1011xx. */
export const payoutErrors = {
  PAYOUT_NOT_FOUND: def(101101, 'No withdrawal has this id.',
    '提现申请不存在', '提現申請不存在', 'Withdrawal not found'),
  PAYOUT_NOT_PENDING: def(101102, 'Only a withdrawal waiting for review (initiated) may be approved or rejected.',
    '该提现申请不是待审核状态', '該提現申請不是待審核狀態', 'The withdrawal is not waiting for review'),
  PAYOUT_BELOW_MIN: def(101103, 'spec 5: the amount is under the minimum withdrawal (the stricter of the kind\'s and the agent\'s own).',
    '提现金额不能低于 {min}', '提現金額不能低於 {min}', 'The amount cannot be below {min}'),
  PAYOUT_ABOVE_CAP: def(101104, 'spec 5: the amount is above the single-transaction cap of the account kind.',
    '单笔提现不能超过 {cap}', '單筆提現不能超過 {cap}', 'A single withdrawal cannot exceed {cap}'),
  PAYOUT_NOT_WHOLE: def(101105, 'spec 5: the amount must be a whole multiple of one currency unit.',
    '提现金额必须为整数', '提現金額必須為整數', 'The amount must be a whole number'),
  PAYOUT_INSUFFICIENT: def(101106, 'The amount is above what may be withdrawn now (earnings newer than the settlement days are not).',
    '可提现余额不足（当前可提现 {available}）', '可提現餘額不足（目前可提現 {available}）', 'Not enough to withdraw (withdrawable now: {available})'),
  PAYOUT_DAILY_COUNT: def(101107, 'spec 9: the account already applied the daily application count today.',
    '今日提现次数已达上限（{count} 次）', '今日提現次數已達上限（{count} 次）', 'Daily withdrawal count reached ({count})'),
  PAYOUT_METHOD_OFF: def(101108, 'spec 9: the method is not among the account kind\'s withdrawal methods.',
    '该提现方式未开放', '該提現方式未開放', 'This withdrawal method is not available'),
  PAYOUT_PARTNERS_ONLY: def(101109, 'Only an agent, service provider, pusher, outlet or operator account of the partner app withdraws.',
    '仅代理商、服务商、地推、网点、运营商账号可以提现', '僅代理商、服務商、地推、網點、營運商帳號可以提現', 'Only agent, service provider, pusher, outlet and operator accounts can withdraw'),
  PAYOUT_KEY_REUSED: def(101110, 'The idempotency key already names a different application of this account.',
    '请求编号已用于另一笔提现申请', '請求編號已用於另一筆提現申請', 'The idempotency key was already used for another withdrawal'),
  PAYOUT_CYCLE_WEEK: def(101111, 'spec 9: the account kind withdraws weekly and the account already has an application this week (Monday to Sunday, UTC; one rejected or failed does not count).',
    '每周只能申请一次提现，本周已申请；下次可于 {next} 申请', '每週只能申請一次提現，本週已申請；下次可於 {next} 申請', 'Withdrawals are weekly and you already applied this week; apply again from {next}'),
  PAYOUT_CYCLE_MONTH: def(101112, 'spec 9: the account kind withdraws monthly and the account already has an application this month (UTC; one rejected or failed does not count).',
    '每月只能申请一次提现，本月已申请；下次可于 {next} 申请', '每月只能申請一次提現，本月已申請；下次可於 {next} 申請', 'Withdrawals are monthly and you already applied this month; apply again from {next}'),
} as const satisfies Record<string, ErrorDef>;
