import { call, none } from '../platform/call.js';
import { pageResult } from '../platform/envelope.js';
import { exportStarted } from '../platform/exports.js';
import * as o from './outlet.js';
import { outletPerms } from './permissions.js';

const P = outletPerms;
const m = 'outlet';

/** Outlets, the devices bound to them, and the map of them. */
export const outletCalls = {
  outletSaveOrUpdate: call({
    method: 'POST',
    path: '/device/api/v1/outlet/saveOrUpdate',
    access: { permission: P.outletSave },
    module: m,
    summary: "Create or edit an outlet (an agent's, or a team's direct-sales outlet) with its billing rule",
    body: o.outletSaveRequest,
    data: o.outletIdRequest,
  }),
  outletOutsideRange: call({
    method: 'GET',
    path: '/device/api/v1/outlet/outsideRange',
    access: { permission: P.outletQuery },
    module: m,
    summary:
      "How many saved outlet billing rules the platform's range settings leave outside (they bill as saved until their next edit)",
    data: o.outletsOutsideRange,
  }),
  outletQueryPage: call({
    method: 'GET',
    path: '/device/api/v1/outlet/queryPage',
    access: { permission: P.outletQuery },
    module: m,
    summary: 'Outlets, filtered, sorted and paged (deleted ones only when asked for)',
    query: o.outletQuery,
    data: pageResult(o.outletItem),
  }),
  outletExport: call({
    method: 'POST',
    path: '/device/api/v1/outlet/export',
    access: { permission: P.outletExport },
    module: m,
    summary: 'Export the outlet list to the export centre',
    body: o.outletFilter,
    data: exportStarted,
  }),
  outletSuspend: call({
    method: 'PUT',
    path: '/device/api/v1/outlet/suspend',
    access: { permission: P.outletStatus },
    module: m,
    summary: 'Mark an outlet in service as suspended, with an explanation',
    body: o.outletSuspendRequest,
    data: none,
  }),
  outletResume: call({
    method: 'PUT',
    path: '/device/api/v1/outlet/resume',
    access: { permission: P.outletStatus },
    module: m,
    summary: 'Unmark a suspended outlet: back in service',
    body: o.outletIdRequest,
    data: none,
  }),
  outletDelete: call({
    method: 'DELETE',
    path: '/device/api/v1/outlet/delete',
    access: { permission: P.outletDelete },
    module: m,
    summary: 'Delete an outlet (refused while any device is bound to it)',
    body: o.outletIdRequest,
    data: none,
  }),
  outletBindDevice: call({
    method: 'POST',
    path: '/device/api/v1/outlet/bindDevice',
    access: { permission: P.outletBind },
    module: m,
    summary:
      'Bind a device (cabinet, cable, Bluetooth charger) to an outlet: its installation, written to the install records in the same transaction; a device has at most one outlet',
    body: o.bindDeviceRequest,
    data: o.boundDevice,
  }),
  outletUnbindDevice: call({
    method: 'POST',
    path: '/device/api/v1/outlet/unbindDevice',
    access: { permission: P.outletUnbind },
    module: m,
    summary: 'Unbind a device from its outlet: its removal, written to the install records in the same transaction',
    body: o.unbindDeviceRequest,
    data: o.boundDevice,
  }),
  outletDevices: call({
    method: 'GET',
    path: '/device/api/v1/outlet/devices',
    access: { permission: P.outletQuery },
    module: m,
    summary: 'The devices bound to one outlet',
    query: o.outletDevicesQuery,
    data: o.outletDeviceItem.array(),
  }),
  outletUnboundDevices: call({
    method: 'GET',
    path: '/device/api/v1/outlet/unboundDevices',
    access: { permission: P.outletBind },
    module: m,
    summary: 'Devices bound to no outlet (the first 20 whose code contains the text), to pick one to bind',
    query: o.unboundDevicesQuery,
    data: o.outletDeviceItem.array(),
  }),
  outletOwnerOptions: call({
    method: 'GET',
    path: '/device/api/v1/outlet/ownerOptions',
    access: { permission: P.outletQuery },
    module: m,
    summary: 'Agents, teams, regions, service providers and pushers an outlet can name (the first 50 of each)',
    query: o.ownerOptionsQuery,
    data: o.ownerOptions,
  }),
  outletMapPoints: call({
    method: 'GET',
    path: '/device/api/v1/outlet/mapPoints',
    access: { permission: P.outletMap },
    module: m,
    summary: 'Outlets to place on the map (by region and status) and the tiles to draw it with',
    query: o.mapPointsQuery,
    data: o.mapPointsResult,
  }),
  outletMapSettings: call({
    method: 'GET',
    path: '/device/api/v1/outlet/mapSettings',
    access: { permission: P.outletSave },
    module: m,
    summary: "The outlet form's map: the tiles to draw and whether an address can be looked up",
    data: o.mapSettings,
  }),
  outletGeocode: call({
    method: 'GET',
    path: '/device/api/v1/outlet/geocode',
    access: { permission: P.outletSave },
    module: m,
    summary:
      "Look an address up with the geocoding of the basic settings' map type (needs its key); the point in WGS-84",
    query: o.geocodeQuery,
    data: o.geocodeResult,
  }),
} as const;
