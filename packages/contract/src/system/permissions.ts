/**
 * Permission codes of the system module. Reading the configuration is one code; each kind of
 * change is its own, so finance can hold the pay settings without the brand or device configs.
 */
export const systemPerms = {
  configQuery: 'sys:config:query',
  configEdit: 'sys:config:edit',
  configPay: 'sys:config:pay',
  configDevicePay: 'sys:config:devicePay',
  configSecurity: 'sys:config:security',
  configRange: 'sys:config:range',
  extensionQuery: 'sys:extension:query',
  extensionStatus: 'sys:extension:status',
  sceneQuery: 'sys:scene:query',
  sceneEdit: 'sys:scene:edit',
  problemTypeQuery: 'sys:problemType:query',
  problemTypeEdit: 'sys:problemType:edit',
  problemTypeDelete: 'sys:problemType:delete',
  problemTypeExport: 'sys:problemType:export',
  operationLogQuery: 'sys:operationLog:query',
  operationLogExport: 'sys:operationLog:export',
} as const;
