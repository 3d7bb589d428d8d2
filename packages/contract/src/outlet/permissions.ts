/** Permission codes of the outlet module (outlets, their devices, the map). */
export const outletPerms = {
  outletQuery: 'device:outlet:query',
  outletSave: 'device:outlet:save',
  outletStatus: 'device:outlet:status',
  outletDelete: 'device:outlet:delete',
  outletExport: 'device:outlet:export',
  outletBind: 'device:outlet:bind',
  outletUnbind: 'device:outlet:unbind',
  outletMap: 'device:outlet:map',
} as const;
