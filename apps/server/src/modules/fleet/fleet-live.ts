import type { FastifyBaseLogger } from 'fastify';
import {
  FINAL_COMMAND_STATES,
  LIVE_TYPES,
  PERMS,
  type CabinetItem,
  type CommandItem,
  type DeviceCabinetChange,
  type DeviceCabinetData,
  type SlotItem,
} from '@cbo/contract';
import type { LiveHub } from '../../platform/live/live-hub.js';
import type { FleetMeter } from '../../platform/ops/metrics.js';

/** NOTIFY payloads must stay under 8000 bytes; a big slot list is left out (the screen re-reads it). */
const MAX_NOTIFY_BYTES = 7500;

/**
 * Fleet changes to open consoles: DEVICE_CABINET to every account that may see cabinets or power
 * banks, DEVICE_COMMAND to every account that may see commands, forced ejects or firmware batches.
 */
export class FleetLive {
  constructor(
    private readonly live: LiveHub,
    private readonly log: FastifyBaseLogger,
    /** Every command's change passes here: one that reached a final state is counted (GET /metrics). */
    private readonly meter?: FleetMeter,
  ) {}

  async cabinet(change: DeviceCabinetChange, cabinet: CabinetItem, slots?: SlotItem[]): Promise<void> {
    let data: DeviceCabinetData = slots ? { change, cabinet, slots } : { change, cabinet };
    if (slots && JSON.stringify(data).length > MAX_NOTIFY_BYTES) data = { change, cabinet };
    await this.live
      .broadcast([PERMS.cabinetQuery, PERMS.powerBankQuery, PERMS.commandQuery], LIVE_TYPES.deviceCabinet, data)
      .catch((err: unknown) => this.log.warn({ err }, 'live push failed'));
  }

  async command(command: CommandItem): Promise<void> {
    // An expired eject pushed again once the inventory settled it is not a second outcome.
    if (FINAL_COMMAND_STATES.includes(command.state) && command.confirmedByInventory === null)
      this.meter?.commandFinished(command);
    const data = JSON.stringify(command).length > MAX_NOTIFY_BYTES ? { ...command, result: null, data: {} } : command;
    await this.live
      .broadcast([PERMS.commandQuery, PERMS.forcedEjectQuery, PERMS.firmwareQuery], LIVE_TYPES.deviceCommand, data)
      .catch((err: unknown) => this.log.warn({ err }, 'live push failed'));
  }
}
