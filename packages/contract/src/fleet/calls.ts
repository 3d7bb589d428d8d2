import { call } from '../call.js';
import { pageResult } from '../envelope.js';
import * as fleet from '../fleet.js';
import { exportStarted } from '../system.js';

/** Permission codes of the fleet module (cabinets, power banks, the gateway, commands). */
export const fleetPerms = {
  cabinetQuery: 'device:cabinet:query',
  cabinetExport: 'device:cabinet:export',
  cabinetSecret: 'device:cabinet:secret',
  cabinetBatchStorage: 'device:cabinet:batchStorage',
  powerBankQuery: 'device:powerBank:query',
  powerBankExport: 'device:powerBank:export',
  forcedEjectQuery: 'device:forcedEject:query',
  forcedEjectExport: 'device:forcedEject:export',
  forcedEjectEject: 'device:forcedEject:eject',
  firmwareQuery: 'device:firmware:query',
  firmwareUpgrade: 'device:firmware:upgrade',
  commandQuery: 'device:command:query',
  commandSend: 'device:command:send',
  deviceLogQuery: 'device:deviceLog:query',
} as const;

const P = fleetPerms;
const m = 'fleet';

/** Cabinets, power banks, commands and the gateway (issue 4). docs/protocol.md is the device side. */
export const fleetCalls = {
  cabinetQueryPage: call({ method: 'GET', path: '/device/api/v1/cabinet/queryPage', access: { permission: P.cabinetQuery }, module: m,
    summary: 'Cabinets in stock, filtered, sorted and paged, with their live state', query: fleet.cabinetQuery, data: pageResult(fleet.cabinetItem) }),
  cabinetDetail: call({ method: 'GET', path: '/device/api/v1/cabinet/detail', access: { permission: P.cabinetQuery }, module: m,
    summary: 'One cabinet with its slots and the power banks in them', query: fleet.cabinetSnQuery, data: fleet.cabinetDetail }),
  cabinetSecret: call({ method: 'GET', path: '/device/api/v1/cabinet/secret', access: { permission: P.cabinetSecret }, module: m,
    summary: "One cabinet's MQTT credentials, to flash into it", query: fleet.cabinetSnQuery, data: fleet.cabinetSecret }),
  cabinetExport: call({ method: 'POST', path: '/device/api/v1/cabinet/export', access: { permission: P.cabinetExport }, module: m,
    summary: 'Export the cabinet list to the export centre', body: fleet.cabinetFilter, data: exportStarted }),
  cabinetBatchStorage: call({ method: 'POST', path: '/device/api/v1/cabinet/batchStorage', access: { permission: P.cabinetBatchStorage }, module: m,
    summary: 'Stock in cabinets by list or SN range (at most 500); a partial failure answers -100 with the report',
    body: fleet.batchStorageRequest, data: fleet.batchStorageReport }),

  powerBankQueryPage: call({ method: 'GET', path: '/device/api/v1/powerBank/queryPage', access: { permission: P.powerBankQuery }, module: m,
    summary: 'Power banks seen by the cabinets: where each is, battery, lock, eject failures', query: fleet.powerBankQuery, data: pageResult(fleet.powerBankItem) }),
  powerBankExport: call({ method: 'POST', path: '/device/api/v1/powerBank/export', access: { permission: P.powerBankExport }, module: m,
    summary: 'Export the power bank list to the export centre', body: fleet.powerBankFilter, data: exportStarted }),

  forcedEjectQueryPage: call({ method: 'GET', path: '/device/api/v1/forcedEject/queryPage', access: { permission: P.forcedEjectQuery }, module: m,
    summary: 'Forced eject records (not returned, returned)', query: fleet.forcedEjectQuery, data: pageResult(fleet.forcedEjectItem) }),
  forcedEjectEject: call({ method: 'POST', path: '/device/api/v1/forcedEject/eject', access: { permission: P.forcedEjectEject }, module: m,
    summary: 'Force a power bank out of a slot (recorded before sent, never resent)', body: fleet.forcedEjectRequest, data: fleet.forcedEjectItem }),
  forcedEjectExport: call({ method: 'POST', path: '/device/api/v1/forcedEject/export', access: { permission: P.forcedEjectExport }, module: m,
    summary: 'Export forced eject records to the export centre', body: fleet.forcedEjectFilter, data: exportStarted }),

  firmwareUpgrade: call({ method: 'POST', path: '/device/api/v1/firmware/upgrade', access: { permission: P.firmwareUpgrade }, module: m,
    summary: 'Upgrade the firmware of chosen cabinets from a URL: one batch, one command per cabinet', body: fleet.firmwareUpgradeRequest, data: fleet.firmwareBatchItem }),
  firmwareQueryPage: call({ method: 'GET', path: '/device/api/v1/firmware/queryPage', access: { permission: P.firmwareQuery }, module: m,
    summary: 'Firmware upgrade batches, newest first, with their counts', query: fleet.firmwareQuery, data: pageResult(fleet.firmwareBatchItem) }),
  firmwareDetail: call({ method: 'GET', path: '/device/api/v1/firmware/detail', access: { permission: P.firmwareQuery }, module: m,
    summary: 'One firmware batch: state and percentage per cabinet', query: fleet.firmwareIdQuery, data: fleet.firmwareBatchDetail }),

  commandSend: call({ method: 'POST', path: '/device/api/v1/command/send', access: { permission: P.commandSend }, module: m,
    summary: 'Send a command to one cabinet (developer tool); answers the command row', body: fleet.commandSendRequest, data: fleet.commandItem }),
  commandQueryPage: call({ method: 'GET', path: '/device/api/v1/command/queryPage', access: { permission: P.commandQuery }, module: m,
    summary: 'Commands sent to cabinets, newest first, with their state and reply', query: fleet.commandQuery, data: pageResult(fleet.commandItem) }),
  commandDetail: call({ method: 'GET', path: '/device/api/v1/command/detail', access: { permission: P.commandQuery }, module: m,
    summary: 'One command with its reply', query: fleet.commandIdQuery, data: fleet.commandItem }),

  deviceLogQueryPage: call({ method: 'GET', path: '/device/api/v1/deviceLog/queryPage', access: { permission: P.deviceLogQuery }, module: m,
    summary: 'Refused device connections and online/offline changes with their reason', query: fleet.deviceLogQuery, data: pageResult(fleet.deviceLogItem) }),
} as const;
