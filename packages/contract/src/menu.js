"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.SPECIAL_MENU_NAMES = exports.dashboardConfig = exports.dashboardQuery = exports.buttonList = exports.buttonQuery = exports.menuEntry = exports.MENU_TYPE = void 0;
var zod_1 = require("zod");
/** Menu types (spec 3, 6): directory, menu, button. Buttons (2) never become routes. */
exports.MENU_TYPE = { directory: 0, menu: 1, button: 2 };
exports.menuEntry = zod_1.z.lazy(function () {
    return zod_1.z.object({
        id: zod_1.z.number().int(),
        parentId: zod_1.z.number().int(),
        path: zod_1.z.string(),
        url: zod_1.z.string().nullable(),
        name: zod_1.z.string(),
        type: zod_1.z.union([zod_1.z.literal(0), zod_1.z.literal(1), zod_1.z.literal(2)]),
        hidden: zod_1.z.boolean(),
        roles: zod_1.z.array(zod_1.z.string()).nullable(),
        icon: zod_1.z.string().nullable(),
        orderNum: zod_1.z.number().int(),
        perms: zod_1.z.string().nullable(),
        children: zod_1.z.array(exports.menuEntry),
    });
});
/** GET getButton?path: the permission codes of the buttons the account may use on a screen. */
exports.buttonQuery = zod_1.z.object({ path: zod_1.z.string().trim().min(1).max(200) });
exports.buttonList = zod_1.z.array(zod_1.z.string());
/** GET dashbord?path (spec 7, spelling kept): the widgets the account may see on a dashboard. */
exports.dashboardQuery = zod_1.z.object({ path: zod_1.z.string().trim().min(1).max(200) });
exports.dashboardConfig = zod_1.z.object({ path: zod_1.z.string(), widgets: zod_1.z.array(zod_1.z.string()) });
/** Menu names the server recognises as special (spec 2). */
exports.SPECIAL_MENU_NAMES = { orderSeparation: 'menu.orderSeparation', directManagement: 'menu.directManagement' };
