"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.PERMS = void 0;
exports.accessLabel = accessLabel;
/** Permission codes, `area:resource:action`. Button menus carry these in `perms`. */
exports.PERMS = {
    loginLogQuery: 'sys:loginLog:query',
    loginLogExport: 'sys:loginLog:export',
};
function accessLabel(access) {
    return typeof access === 'string' ? access : access.permission;
}
