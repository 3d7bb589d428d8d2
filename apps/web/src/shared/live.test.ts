import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeLive, getLiveStatus, liveUrl, openLive, subscribeLive } from './live';
import { removeToken, setToken } from './settings';

/** A WebSocket stand-in that records what the console sends and lets the test answer. */
class FakeSocket {
  static instances: FakeSocket[] = [];
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readyState = FakeSocket.CONNECTING;
  sent: string[] = [];
  onmessage: ((ev: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.();
  }
  receive(type: string, data: unknown = null) {
    this.readyState = FakeSocket.OPEN;
    this.onmessage?.({ data: JSON.stringify({ code: 0, data: { type, data } }) });
  }
  drop() {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.();
  }
}

const last = () => FakeSocket.instances.at(-1)!;

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  setToken('tok');
});

afterEach(() => {
  closeLive();
  removeToken();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('live channel', () => {
  it('connects to /ws with the token and client type', () => {
    expect(liveUrl('a b', { protocol: 'https:', host: 'x.example' })).toBe(
      'wss://x.example/ws?token=a%20b&clientType=MANAGE_PC',
    );
    openLive();
    expect(last().url).toBe(`ws://${location.host}/ws?token=tok&clientType=MANAGE_PC`);
    openLive();
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('does not open without a token', () => {
    removeToken();
    openLive();
    expect(FakeSocket.instances).toHaveLength(0);
  });

  it('is connected after the handshake and pings 30 s later, then 30 s after each pong', () => {
    openLive();
    expect(getLiveStatus()).toBe('connecting');
    last().receive('HAND_SHAKE_RESULT');
    expect(getLiveStatus()).toBe('connected');
    vi.advanceTimersByTime(29_999);
    expect(last().sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(last().sent).toEqual(['{"type":"PING"}']);
    vi.advanceTimersByTime(20_000);
    last().receive('PONG');
    vi.advanceTimersByTime(29_999);
    expect(last().sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(last().sent).toHaveLength(2);
  });

  it('reconnects 5 s after a close while a token exists', () => {
    openLive();
    last().receive('HAND_SHAKE_RESULT');
    last().drop();
    expect(getLiveStatus()).toBe('disconnected');
    vi.advanceTimersByTime(4_999);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('does not reconnect without a token or after closeLive', () => {
    openLive();
    removeToken();
    last().drop();
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.instances).toHaveLength(1);

    setToken('tok');
    openLive();
    closeLive();
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('closes a socket that stops answering pings so the reconnect takes over', () => {
    openLive();
    last().receive('HAND_SHAKE_RESULT');
    vi.advanceTimersByTime(30_000 + 30_000);
    expect(last().readyState).toBe(FakeSocket.CLOSED);
    vi.advanceTimersByTime(5_000);
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('hands each message type to its subscribers', () => {
    const got: unknown[] = [];
    const off = subscribeLive('EXPORT_PROGRESS', (d) => got.push(d));
    openLive();
    last().receive('EXPORT_PROGRESS', { id: 1, exportSpeed: '40%' });
    last().receive('EXPORT_RESULT', { id: 1 });
    off();
    last().receive('EXPORT_PROGRESS', { id: 1, exportSpeed: '80%' });
    expect(got).toEqual([{ id: 1, exportSpeed: '40%' }]);
  });
});
