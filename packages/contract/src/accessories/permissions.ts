/** Permission codes of the accessories module (charging cables, Bluetooth chargers, device billing, repair tickets). */
export const accessoriesPerms = {
  cableQuery: 'device:cable:query',
  cableEdit: 'device:cable:edit',
  cableCode: 'device:cable:code',
  cableExport: 'device:cable:export',
  cableDelete: 'device:cable:delete',
  bluetoothQuery: 'device:bluetooth:query',
  bluetoothEdit: 'device:bluetooth:edit',
  bluetoothExport: 'device:bluetooth:export',
  bluetoothDelete: 'device:bluetooth:delete',
  billingImport: 'device:billing:import',
  repairQuery: 'feedback:repair:query',
  repairAdd: 'feedback:repair:add',
  repairProcess: 'feedback:repair:process',
  repairExport: 'feedback:repair:export',
} as const;
