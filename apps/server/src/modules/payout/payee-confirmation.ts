import { and, eq } from 'drizzle-orm';
import type { PayoutConfirmation } from '@cbo/contract';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Principal } from '../../platform/http/routes.js';
import type { PayoutNeeds } from './needs.js';
import { payWithdrawal } from './tables.js';

/**
 * The payee's confirmation of a WeChat payout (issue 28; docs/decisions/wechatpay.md, "Payout"):
 * WeChat Pay's merchant transfer waits until the payee confirms the receipt in WeChat, which the
 * partner app opens with wx.requestMerchantTransfer and the transfer's package. The package is kept
 * by the payment router from the transfer's creation answer; this hands it to the party whose
 * withdrawal it is, and to no one else (another party's withdrawal is not found, as one that does not
 * exist). The outcome then comes as for any payout: notification or the sweep's query.
 */
export class PayeeConfirmation {
  constructor(
    private readonly db: Db,
    private readonly needs: PayoutNeeds,
  ) {}

  async of(p: Principal, id: number): Promise<PayoutConfirmation> {
    const party = await this.needs.partyOf(p);
    if (!party) throw new AppError('PAYOUT_PARTNERS_ONLY');
    const [w] = await this.db
      .select({ method: payWithdrawal.method, status: payWithdrawal.status, payoutKey: payWithdrawal.payoutKey })
      .from(payWithdrawal)
      .where(
        and(eq(payWithdrawal.id, id), eq(payWithdrawal.partyKind, party.kind), eq(payWithdrawal.partyId, party.id)),
      );
    if (!w) throw new AppError('PAYOUT_NOT_FOUND');
    if (w.method !== 'wechat') throw new AppError('PAYOUT_NOT_WECHAT');
    if (w.status !== 'paying' || !w.payoutKey) throw new AppError('PAYOUT_NOT_AWAITING_PAYEE');
    const waiting = await this.needs.payments.payeeConfirmation(w.payoutKey);
    const { mchId, appId, package: pkg } = waiting?.provider === 'wechatpay' ? waiting.params : {};
    if (!mchId || !appId || !pkg) throw new AppError('PAYOUT_NOT_AWAITING_PAYEE');
    return { id, mchId, appId, package: pkg };
  }
}
