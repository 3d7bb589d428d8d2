"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __exportStar = (this && this.__exportStar) || function(m, exports) {
    for (var p in m) if (p !== "default" && !Object.prototype.hasOwnProperty.call(exports, p)) __createBinding(exports, m, p);
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.AVATAR_MAX_BYTES = exports.EXPORT_MAX_ROWS = exports.MAX_RANGE_DAYS = exports.rules = void 0;
__exportStar(require("./lang.js"), exports);
__exportStar(require("./errors.js"), exports);
__exportStar(require("./validation.js"), exports);
exports.rules = require("./rules.js");
var rules_js_1 = require("./rules.js");
Object.defineProperty(exports, "MAX_RANGE_DAYS", { enumerable: true, get: function () { return rules_js_1.MAX_RANGE_DAYS; } });
Object.defineProperty(exports, "EXPORT_MAX_ROWS", { enumerable: true, get: function () { return rules_js_1.EXPORT_MAX_ROWS; } });
Object.defineProperty(exports, "AVATAR_MAX_BYTES", { enumerable: true, get: function () { return rules_js_1.AVATAR_MAX_BYTES; } });
__exportStar(require("./envelope.js"), exports);
__exportStar(require("./auth.js"), exports);
__exportStar(require("./menu.js"), exports);
__exportStar(require("./system.js"), exports);
__exportStar(require("./profile.js"), exports);
__exportStar(require("./live.js"), exports);
__exportStar(require("./permissions.js"), exports);
__exportStar(require("./api.js"), exports);
