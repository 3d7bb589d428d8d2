import type { Db } from '../../platform/db/database.js';
import type { AgentMoney } from './agent.service.js';
import type { MemberWallets } from './member.service.js';
import type { NetworkLate, OperatorMoney } from './needs.js';

/*
 * The network's people's money as its screens show it, made of the books (the ledger) and the
 * withdrawals (payout), which are the network module's late needs. These are the network's rules
 * (which account a party's money is read from), not the wiring's.
 */

/**
 * An agent's balance is what its payable holds; what it owes (a refund took back a share already
 * withdrawn) is beside it; its total revenue is every share credited to it less what refunds took
 * back (one grouped read each for the page).
 */
export function agentMoney(late: Pick<NetworkLate, 'books'>): AgentMoney {
  return async (ids) => {
    const [balances, owes, earned] = await Promise.all([
      late.books.owedTo('agentPayable', ids),
      late.books.owedBy('agentPayable', ids),
      late.books.sharesEarned('agentPayable', ids),
    ]);
    return new Map(
      ids.map((id) => [
        id,
        { balance: balances.get(id) ?? 0, owed: owes.get(id) ?? 0, totalRevenue: earned.get(id) ?? 0 },
      ]),
    );
  };
}

/** A customer's wallet: its balance and deposit held in the books, and how many orders it has. */
export function memberWallets(late: Pick<NetworkLate, 'books' | 'orderCounts'>): MemberWallets {
  return async (ids) => {
    const [balances, deposits, orders] = await Promise.all([
      late.books.owedTo('userBalance', ids),
      late.books.owedTo('userDeposit', ids),
      late.orderCounts(ids),
    ]);
    return new Map(
      ids.map((id) => [
        id,
        { balance: balances.get(id) ?? 0, deposit: deposits.get(id) ?? 0, orders: orders.get(id) ?? 0 },
      ]),
    );
  };
}

/**
 * The operator's money, as a team's delete asks it (docs/decisions/ledger-and-money.md, "The
 * operator's share"): its withdrawals on their way, under the operator's withdrawal lock, and what
 * the team is owed less what it owes (a refund took back a share already withdrawn): either keeps the team.
 */
export function operatorMoney(late: Pick<NetworkLate, 'books' | 'withdrawals'>): OperatorMoney {
  return {
    openWithdrawals: (tx: Db, teamId: number) => late.withdrawals.openUnderLock(tx, { kind: 'operator', id: teamId }),
    owed: async (tx: Db, teamId: number) => {
      const m = await late.books.partnerMoney({ kind: 'operatorPayable', partyId: teamId }, tx);
      return m.payable - m.owed;
    },
  };
}
