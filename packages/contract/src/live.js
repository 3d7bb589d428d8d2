"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.LIVE_PATH = exports.LIVE_RECONNECT_MS = exports.LIVE_PING_MS = exports.LIVE_TYPES = void 0;
/** Live channel message types (spec 4, 7): `{ code, data: { type, data } }`. */
exports.LIVE_TYPES = {
    handshake: 'HAND_SHAKE_RESULT',
    pong: 'PONG',
    exportProgress: 'EXPORT_PROGRESS',
    exportResult: 'EXPORT_RESULT',
    sessionEnded: 'SESSION_ENDED',
};
/** The console pings every 30 s after a pong and reconnects 5 s after a close (spec 9). */
exports.LIVE_PING_MS = 30000;
exports.LIVE_RECONNECT_MS = 5000;
exports.LIVE_PATH = '/ws';
