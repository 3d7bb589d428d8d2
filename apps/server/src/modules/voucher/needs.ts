import type { FleetOutletBinding } from '../fleet/ports.js';
import type { Ledger } from '../ledger/ports.js';
import type { AgentLine, Customers } from '../network/ports.js';
import type { Outlets } from '../outlet/ports.js';
import type { PaymentOutcome, Payments } from '../order/ports.js';

/**
 * What the voucher module uses of other modules; its wiring file (src/wiring/) builds them (it never imports their
 * files): names of the scope's agents and outlets, where a cabinet stands, the customers, the
 * ledger and the payment company.
 */
export interface VoucherNeeds {
  /** Whether the scope's agent or outlet exists, and its name. */
  scopeNames(kind: 'agent' | 'outlet', ids: number[]): Promise<Map<number, string>>;
  /** Where a cabinet stands: its outlet in service and the agents above it; null when it is nowhere to rent from. */
  placeOf(sn: string): Promise<{ outletId: number; agentIds: number[] } | null>;
  /** The customers (the network module's). */
  customers: Pick<Customers, 'member'>;
  /** The books (the ledger module's, in its own types). */
  ledger: Pick<Ledger, 'post'>;
  payments: VoucherPayments;
}

/** The payment company, as the order module holds it (one key, one payment; a known key answers its first outcome). */
export type VoucherPayments = Pick<Payments, 'charge' | 'refund' | 'query'>;
/** A payment company's answer (the order module's), as the voucher module reads it and records its own failures. */
export type PaymentAnswer = Pick<PaymentOutcome, 'key' | 'status' | 'reference' | 'failure'>;

/** Where cabinets stand, of the fleet, the outlets and the network (placed by place.ts). */
export interface VoucherPlaces {
  /** A cabinet's outlet (null: unbound; undefined: unknown). */
  cabinetOutlet: FleetOutletBinding['outletOf'];
  /** An outlet's id, status and agent (null agent: a direct-sales outlet), as the outlet module reads it for an order. */
  outlet: Outlets['forOrder'];
  /** An agent's chain, itself included (the network module). */
  agentLine: AgentLine;
}

/** Names of the records a voucher's scope may name, each from the module that keeps them. */
export interface VoucherScopeSources {
  /** Outlets' names (the outlet module). */
  outletNames: Outlets['namesOf'];
  /** Agents' names (the network module). */
  agentNames(ids: number[]): Promise<Map<number, string>>;
}

/** What the voucher module is built from (src/wiring/voucher.ts): VoucherNeeds with the places and the scope's names apart. */
export type VoucherModuleNeeds = Omit<VoucherNeeds, 'placeOf' | 'scopeNames'> & {
  places: VoucherPlaces;
  names: VoucherScopeSources;
};
