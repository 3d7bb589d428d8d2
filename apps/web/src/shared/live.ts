import { createStore } from './store';
import { LIVE_PATH, LIVE_PING_MS, LIVE_RECONNECT_MS, LIVE_TYPES, type LiveMessage, type LiveType } from '@cbo/contract';
import { CLIENT_TYPE } from './client-type';
import { getToken } from './settings';

/**
 * The live channel: one WebSocket per signed-in console, opened once a token
 * exists. HAND_SHAKE_RESULT means connected; a PING goes out 30 s after the handshake and then
 * 30 s after every PONG; a closed socket is reopened 5 s later while a token still exists.
 * Screens listen to message types through `subscribeLive`; they never touch the socket.
 */
export type LiveStatus = 'disconnected' | 'connecting' | 'connected';

type Handler = (data: unknown) => void;

/** The heartbeat the server answers with PONG (it is not a LiveType: only the console sends it). */
const PING_FRAME = '{"type":"PING"}';

const handlers = new Map<LiveType, Set<Handler>>();

let socket: WebSocket | null = null;
const status = createStore<LiveStatus>('disconnected');
let pingTimer: ReturnType<typeof setTimeout> | undefined;
let pongWatchdog: ReturnType<typeof setTimeout> | undefined;
let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
/** Set by closeLive: a close we asked for must not reconnect. */
let closedOnPurpose = false;

const setStatus = status.set;

function clearTimers(): void {
  clearTimeout(pingTimer);
  clearTimeout(pongWatchdog);
  clearTimeout(reconnectTimer);
  pingTimer = pongWatchdog = reconnectTimer = undefined;
}

export function liveUrl(token: string, loc: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = loc.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${loc.host}${LIVE_PATH}?token=${encodeURIComponent(token)}&clientType=${CLIENT_TYPE}`;
}

function schedulePing(ws: WebSocket): void {
  clearTimeout(pingTimer);
  clearTimeout(pongWatchdog);
  pingTimer = setTimeout(() => {
    if (ws !== socket || ws.readyState !== WebSocket.OPEN) return;
    ws.send(PING_FRAME);
    // A socket that stops answering can stay "open" for minutes behind a proxy; without a
    // pong within one more period it is treated as dead so the reconnect path takes over.
    pongWatchdog = setTimeout(() => {
      if (ws === socket) ws.close(4000, 'pong timeout');
    }, LIVE_PING_MS);
  }, LIVE_PING_MS);
}

function dispatch(message: LiveMessage): void {
  const type = message.data?.type;
  if (!type) return;
  handlers.get(type)?.forEach((h) => {
    try {
      h(message.data.data);
    } catch (e) {
      // One faulty screen handler must not stop the others from hearing the message.
      console.error('live handler failed', type, e);
    }
  });
}

/** Opens the channel if a token exists and no socket is open or opening. Safe to call often. */
export function openLive(): void {
  const token = getToken();
  if (!token) return;
  if (socket && (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING)) return;
  closedOnPurpose = false;
  clearTimers();
  const ws = new WebSocket(liveUrl(token));
  socket = ws;
  setStatus('connecting');
  ws.onmessage = (ev: MessageEvent) => {
    if (ws !== socket) return;
    let message: LiveMessage;
    try {
      message = JSON.parse(String(ev.data)) as LiveMessage;
    } catch {
      return;
    }
    const type = message?.data?.type;
    if (type === LIVE_TYPES.handshake) {
      setStatus('connected');
      schedulePing(ws);
    } else if (type === LIVE_TYPES.pong) {
      schedulePing(ws);
    }
    dispatch(message);
  };
  ws.onclose = () => {
    if (ws !== socket) return;
    socket = null;
    clearTimers();
    setStatus('disconnected');
    if (!closedOnPurpose && getToken()) reconnectTimer = setTimeout(openLive, LIVE_RECONNECT_MS);
  };
}

/** Closes the channel for good (logout, session ended): no reconnect. */
export function closeLive(): void {
  closedOnPurpose = true;
  clearTimers();
  const ws = socket;
  socket = null;
  setStatus('disconnected');
  if (ws && ws.readyState !== WebSocket.CLOSED && ws.readyState !== WebSocket.CLOSING) ws.close(1000, 'logout');
}

/** Listens to one message type; returns the unsubscribe function. */
export function subscribeLive<T = unknown>(type: LiveType, handler: (data: T) => void): () => void {
  let set = handlers.get(type);
  if (!set) handlers.set(type, (set = new Set()));
  const h = handler as Handler;
  set.add(h);
  return () => {
    set.delete(h);
  };
}

export const getLiveStatus = status.get;
export const useLiveStatus = status.use;
