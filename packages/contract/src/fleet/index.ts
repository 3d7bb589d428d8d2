/** The fleet domain: cabinets, power banks, commands, forced ejects, firmware batches, the device log. */
export { NET_MODES, SLOT_FAULTS, ONLINE_REASONS, type NetMode, type SlotFault, type OnlineReason } from './shared.js';
export * from './cabinet.js';
export * from './power-bank.js';
export * from './command.js';
export * from './forced-eject.js';
export * from './firmware.js';
export * from './device-log.js';
export * from './overview.js';
export * from './live.js';
export {
  cabinetSn,
  powerBankId,
  CABINET_SN_RE,
  POWER_BANK_ID_RE,
  BATCH_STORAGE_MAX,
  QR_LABELS_MAX,
  cabinetQrContent,
  cabinetOfQr,
} from './rules.js';
export * from './permissions.js';
export * from './calls.js';
export * from './errors.js';
export * from './labels.js';
