/** Permission codes of the identity module (`area:resource:action`); button menus carry them. */
export const identityPerms = {
  loginLogQuery: 'sys:loginLog:query',
  loginLogExport: 'sys:loginLog:export',
  manageQuery: 'sys:manage:query',
  manageAdd: 'sys:manage:add',
  /**
   * Not declared by a route: updateSysManage and info check it for another account
   * (docs/decisions/identity-and-access.md).
   */
  manageEdit: 'sys:manage:edit',
  manageStatus: 'sys:manage:status',
  manageResetPassword: 'sys:manage:resetPassword',
  manageExport: 'sys:manage:export',
  manageUnlockLogin: 'sys:manage:unlockLogin',
  orgSave: 'sys:org:save',
  orgDelete: 'sys:org:delete',
  roleQuery: 'sys:role:query',
  roleSave: 'sys:role:save',
  roleDelete: 'sys:role:delete',
  menuQuery: 'sys:menu:query',
  menuSave: 'sys:menu:save',
  menuDelete: 'sys:menu:delete',
  menuBind: 'sys:menu:bind',
  apiQuery: 'sys:api:query',
} as const;
