import { call, none } from '../platform/call.js';
import { pageResult } from '../platform/envelope.js';
import { exportStarted } from '../platform/exports.js';
import * as cabinet from './cabinet.js';
import * as powerBank from './power-bank.js';
import * as command from './command.js';
import * as forcedEject from './forced-eject.js';
import * as firmware from './firmware.js';
import * as deviceLog from './device-log.js';
import * as overview from './overview.js';
import { fleetPerms } from './permissions.js';

const P = fleetPerms;
const m = 'fleet';

/** Cabinets, power banks, commands, forced ejects, firmware batches and the device log. docs/protocol.md is the device side. */
export const fleetCalls = {
  cabinetQueryPage: call({
    method: 'GET',
    path: '/device/api/v1/cabinet/queryPage',
    access: { permission: P.cabinetQuery },
    module: m,
    summary: 'Cabinets in stock, filtered, sorted and paged, with their live state',
    query: cabinet.cabinetQuery,
    data: pageResult(cabinet.cabinetItem),
  }),
  cabinetDetail: call({
    method: 'GET',
    path: '/device/api/v1/cabinet/detail',
    access: { permission: P.cabinetQuery },
    module: m,
    summary: 'One cabinet with its slots and the power banks in them',
    query: cabinet.cabinetSnQuery,
    data: cabinet.cabinetDetail,
  }),
  cabinetSecret: call({
    method: 'GET',
    path: '/device/api/v1/cabinet/secret',
    access: { permission: P.cabinetSecret },
    module: m,
    summary: "One cabinet's MQTT credentials, to flash into it",
    query: cabinet.cabinetSnQuery,
    data: cabinet.cabinetSecret,
  }),
  cabinetExport: call({
    method: 'POST',
    path: '/device/api/v1/cabinet/export',
    access: { permission: P.cabinetExport },
    module: m,
    summary: 'Export the cabinet list to the export centre',
    body: cabinet.cabinetFilter,
    data: exportStarted,
  }),
  cabinetBatchStorage: call({
    method: 'POST',
    path: '/device/api/v1/cabinet/batchStorage',
    access: { permission: P.cabinetBatchStorage },
    module: m,
    summary: 'Stock in cabinets by list or SN range (at most 500); a partial failure answers -100 with the report',
    body: cabinet.batchStorageRequest,
    data: cabinet.batchStorageReport,
  }),
  cabinetQrLabels: call({
    method: 'GET',
    path: '/device/api/v1/cabinet/qrLabels',
    access: { permission: P.cabinetQuery },
    module: m,
    summary:
      'QR labels of stocked-in cabinets (one or a batch of up to 200): each SN with the QR content built from the QR code address setting',
    query: cabinet.qrLabelsQuery,
    data: cabinet.qrLabels,
  }),
  appScan: call({
    method: 'GET',
    path: '/device/api/app/v1/scan',
    access: 'app',
    module: m,
    summary:
      "Customer app: the device a scanned QR code names; a text that is not one of our labels answers 'QR code non-standard'",
    query: cabinet.scanQuery,
    data: cabinet.scanResult,
  }),
  cabinetDelete: call({
    method: 'DELETE',
    path: '/device/api/v1/cabinet/delete',
    access: { permission: P.cabinetDelete },
    module: m,
    summary: 'Delete a cabinet bound to no outlet (with its device asset); its orders, commands and movements are kept',
    query: cabinet.cabinetSnQuery,
    data: none,
  }),

  powerBankQueryPage: call({
    method: 'GET',
    path: '/device/api/v1/powerBank/queryPage',
    access: { permission: P.powerBankQuery },
    module: m,
    summary: 'Power banks seen by the cabinets: where each is, battery, lock, eject failures',
    query: powerBank.powerBankQuery,
    data: pageResult(powerBank.powerBankItem),
  }),
  powerBankExport: call({
    method: 'POST',
    path: '/device/api/v1/powerBank/export',
    access: { permission: P.powerBankExport },
    module: m,
    summary: 'Export the power bank list to the export centre',
    body: powerBank.powerBankFilter,
    data: exportStarted,
  }),
  powerBankDelete: call({
    method: 'DELETE',
    path: '/device/api/v1/powerBank/delete',
    access: { permission: P.powerBankDelete },
    module: m,
    summary: 'Delete a power bank that is in no cabinet (with its device asset); its orders and movements are kept',
    query: powerBank.powerBankIdQuery,
    data: none,
  }),

  forcedEjectQueryPage: call({
    method: 'GET',
    path: '/device/api/v1/forcedEject/queryPage',
    access: { permission: P.forcedEjectQuery },
    module: m,
    summary: 'Forced eject records (not returned, returned)',
    query: forcedEject.forcedEjectQuery,
    data: pageResult(forcedEject.forcedEjectItem),
  }),
  forcedEjectEject: call({
    method: 'POST',
    path: '/device/api/v1/forcedEject/eject',
    access: { permission: P.forcedEjectEject },
    module: m,
    summary: 'Force a power bank out of a slot (recorded before sent, never resent)',
    body: forcedEject.forcedEjectRequest,
    data: forcedEject.forcedEjectItem,
  }),
  forcedEjectExport: call({
    method: 'POST',
    path: '/device/api/v1/forcedEject/export',
    access: { permission: P.forcedEjectExport },
    module: m,
    summary: 'Export forced eject records to the export centre',
    body: forcedEject.forcedEjectFilter,
    data: exportStarted,
  }),

  firmwareUpgrade: call({
    method: 'POST',
    path: '/device/api/v1/firmware/upgrade',
    access: { permission: P.firmwareUpgrade },
    module: m,
    summary: 'Upgrade the firmware of chosen cabinets from a URL: one batch, one command per cabinet',
    body: firmware.firmwareUpgradeRequest,
    data: firmware.firmwareBatchItem,
  }),
  firmwareQueryPage: call({
    method: 'GET',
    path: '/device/api/v1/firmware/queryPage',
    access: { permission: P.firmwareQuery },
    module: m,
    summary: 'Firmware upgrade batches, newest first, with their counts',
    query: firmware.firmwareQuery,
    data: pageResult(firmware.firmwareBatchItem),
  }),
  firmwareDetail: call({
    method: 'GET',
    path: '/device/api/v1/firmware/detail',
    access: { permission: P.firmwareQuery },
    module: m,
    summary: 'One firmware batch: state and percentage per cabinet',
    query: firmware.firmwareIdQuery,
    data: firmware.firmwareBatchDetail,
  }),

  commandSend: call({
    method: 'POST',
    path: '/device/api/v1/command/send',
    access: { permission: P.commandSend },
    module: m,
    summary: 'Send a command to one cabinet (developer tool); answers the command row',
    body: command.commandSendRequest,
    data: command.commandItem,
  }),
  commandQueryPage: call({
    method: 'GET',
    path: '/device/api/v1/command/queryPage',
    access: { permission: P.commandQuery },
    module: m,
    summary: 'Commands sent to cabinets, newest first, with their state and reply',
    query: command.commandQuery,
    data: pageResult(command.commandItem),
  }),
  commandDetail: call({
    method: 'GET',
    path: '/device/api/v1/command/detail',
    access: { permission: P.commandQuery },
    module: m,
    summary: 'One command with its reply',
    query: command.commandIdQuery,
    data: command.commandItem,
  }),

  fleetOverview: call({
    method: 'GET',
    path: '/device/api/v1/cabinet/overview',
    access: { permission: P.fleetOverview },
    module: m,
    summary:
      'The fleet at a glance: cabinets by connection and condition, charged share, commands and device events of the last 24 h; a part whose list the account may not see is null',
    data: overview.fleetOverview,
  }),

  deviceLogQueryPage: call({
    method: 'GET',
    path: '/device/api/v1/deviceLog/queryPage',
    access: { permission: P.deviceLogQuery },
    module: m,
    summary: 'Refused device connections and online/offline changes with their reason',
    query: deviceLog.deviceLogQuery,
    data: pageResult(deviceLog.deviceLogItem),
  }),
} as const;
