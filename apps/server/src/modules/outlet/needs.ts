import type { BindingDeviceType, OutletDeviceItem, RangeConfig } from '@cbo/contract';
import type { NetworkForOutlets } from '../network/ports.js';
import type { OrderReads } from '../order/ports.js';
import type { Config } from '../system/ports.js';

export type { AgentForOutlet } from '../network/ports.js';

/**
 * What the outlet module uses of other modules, declared here and built by src/wiring/outlet.ts (a module
 * never imports another's files).
 */

/** The network module: agents, teams, regions, service providers and pushers (its `forOutlets`). */
export type OutletNetwork = NetworkForOutlets;

/**
 * One kind of device that can be bound to an outlet. The device's own module keeps the binding
 * (its row's outlet) and decides it with a conditional update, so a device has at most one outlet
 * however many binds arrive together. Fleet brings cabinets'; accessories cables' and Bluetooth
 * chargers'.
 */
export interface DeviceBinder {
  type: BindingDeviceType;
  /** Binds when the device exists and is bound to nothing. */
  bind(sn: string, outletId: number): Promise<'bound' | 'alreadyBound' | 'notFound'>;
  /** Unbinds; answers the outlet it was bound to. */
  unbind(sn: string): Promise<{ outletId: number } | 'notBound' | 'notFound'>;
  /** The device's outlet (null: unbound), or undefined when this binder does not know the code. */
  outletOf(sn: string): Promise<number | null | undefined>;
  /** The device's model, when its module keeps one (cables and chargers); for its asset record. */
  modelOf?(sn: string): Promise<number | null>;
  countByOutlet(outletIds: number[]): Promise<Map<number, number>>;
  devicesOf(outletId: number): Promise<OutletDeviceItem[]>;
  /** Devices bound to nothing whose code contains the text. */
  unbound(text: string | undefined, limit: number): Promise<OutletDeviceItem[]>;
  /** Unbinds every device of these outlets (removing the demo network); answers which stood where. */
  unbindAll(outletIds: number[]): Promise<{ sn: string; outletId: number }[]>;
}

/** Who binds or unbinds: a staff account, or the server itself (id null). */
export interface Actor {
  id: number | null;
  name: string;
}

/** A device entering or leaving an outlet, for its install or removal record. */
export interface DeviceMovement {
  deviceId: string;
  deviceType: BindingDeviceType;
  modelId: number | null;
  outletId: number;
  reason: string;
}

/**
 * The device assets (the assets module): binding a device is its installation, unbinding its
 * removal. Both are called inside the transaction of the binding, so the binding and its record
 * commit together or not at all; a refusal (an AppError: pending audit, agent device, already in
 * business) undoes the binding.
 */
export interface DeviceMovements {
  install(m: DeviceMovement, by: Actor): Promise<void>;
  remove(m: DeviceMovement, by: Actor): Promise<void>;
}

/** What the outlet module needs from the others. */
export interface OutletNeeds {
  network: OutletNetwork;
  devices: readonly DeviceBinder[];
  /** Install and removal records, written with every bind and unbind. */
  movements: DeviceMovements;
  /** True when the code names a device that is never bound to an outlet (a power bank). */
  isUnbindableDevice(sn: string): Promise<boolean>;
  /** The network for the map provider's geocoding (the default is the global fetch; tests pass recorded answers). */
  fetch?: typeof fetch;
  settings: {
    /** The map type and key of the basic settings. */
    map(): Promise<{ mapType: string; mapKey: string }>;
    /** The outlet page template ({id} is the outlet) and saving it. */
    storeUrl(): Promise<string>;
    saveStoreUrl: Config['saveStoreUrl'];
    /** The platform's range settings (/setRnge): what an outlet's rule may set (money in cents). */
    range(): Promise<Pick<RangeConfig, 'hourlyPrice' | 'dailyCap' | 'deposit'>>;
  };
}

/** What the outlet module needs of modules built after it (the order module), bound in app.ts's bind phase. */
export interface OutletLate {
  /** Each outlet's turnover: what its orders paid, less what was paid back (all time, live and archived). */
  turnovers: OrderReads['turnovers'];
}
