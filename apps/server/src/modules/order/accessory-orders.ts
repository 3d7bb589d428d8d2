import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/database.js';
import { BluetoothOrders } from './accessory-orders.bluetooth.js';
import { CableOrders } from './accessory-orders.cables.js';
import type { OrderNeeds } from './needs.js';
import type { OrderEngine } from './order.engine.js';
import type { OrderQueries } from './order.queries.js';

/*
 * The accessory orders are one entry (routes call `accessories.buyCable`, …) composed of parts,
 * one file per job, as the order engine is (order.engine.ts):
 *   accessory-orders.core.ts       what the parts share: the request, the outlet, the key's order, the money taken
 *   accessory-orders.cables.ts     charging-cable packages: the offer, a buy with its unlock code
 *   accessory-orders.bluetooth.ts  Bluetooth charger sessions: the offer, a start, the customer's stop
 *   give-back.ts                   a refused order's charge given back (shared with the rent)
 * Each method below is a one-line hop to its part.
 */

/**
 * Orders of the cheaper devices, beside the power banks' rentals (docs/decisions/orders-and-payments.md, "Cable and
 * Bluetooth orders"):
 *
 * - A charging-cable package is bought: charged through the payment company under the customer's
 *   key, then one transaction records the order (finished: a package is prepaid), its money in the
 *   ledger, the unlock code from the cable's ring (the accessories module's one issuing path, under
 *   the cable's row lock) and the shares along the outlet's chain. A repeated tap is one order and
 *   one code.
 * - A Bluetooth charger session holds a prepayment like a deposit and is billed by the hour; the
 *   customer (here) or staff (end order) stop it, and the engine's ending takes the fee from the
 *   prepayment, releases the rest and shares the net, as a power bank's return does.
 *
 * Both refuse a device bound to no outlet. What they cost is read from the settings per order,
 * and the enabled device payment configuration of their kind ('cable', 'bluetooth') sets the most
 * taken up front and the channels offered, as the cabinet's does for rentals (pay-config.ts); the
 * order keeps which configuration and channel applied.
 */
export class AccessoryOrders {
  readonly cables: CableOrders;
  readonly bluetooth: BluetoothOrders;
  constructor(db: Db, needs: OrderNeeds, engine: OrderEngine, queries: OrderQueries, log: FastifyBaseLogger) {
    this.cables = new CableOrders(db, needs, engine, queries, log);
    this.bluetooth = new BluetoothOrders(db, needs, engine, queries, log);
  }

  // accessory-orders.cables.ts
  cableQuote(...a: Parameters<CableOrders['cableQuote']>): ReturnType<CableOrders['cableQuote']> {
    return this.cables.cableQuote(...a);
  }
  buyCable(...a: Parameters<CableOrders['buyCable']>): ReturnType<CableOrders['buyCable']> {
    return this.cables.buyCable(...a);
  }

  // accessory-orders.bluetooth.ts
  bluetoothQuote(...a: Parameters<BluetoothOrders['bluetoothQuote']>): ReturnType<BluetoothOrders['bluetoothQuote']> {
    return this.bluetooth.bluetoothQuote(...a);
  }
  startBluetooth(...a: Parameters<BluetoothOrders['startBluetooth']>): ReturnType<BluetoothOrders['startBluetooth']> {
    return this.bluetooth.startBluetooth(...a);
  }
  stopBluetooth(...a: Parameters<BluetoothOrders['stopBluetooth']>): ReturnType<BluetoothOrders['stopBluetooth']> {
    return this.bluetooth.stopBluetooth(...a);
  }
}
