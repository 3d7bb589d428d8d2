import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Aedes } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import { indexedMemoryPersistence } from './broker-persistence.js';

/** Retained messages a fresh subscription receives (collected for a short while after SUBACK). */
async function retainedFor(url: string, topic: string): Promise<Record<string, string>> {
  const c = await mqtt.connectAsync(url, { clientId: `t-${Math.random().toString(16).slice(2)}` });
  const got: Record<string, string> = {};
  c.on('message', (t, payload, packet) => {
    if (packet.retain) got[t] = payload.toString();
  });
  await c.subscribeAsync(topic, { qos: 1 });
  await new Promise((r) => setTimeout(r, 150));
  await c.endAsync(true);
  return got;
}

describe('embedded broker persistence: retained messages by exact topic', () => {
  let broker: Aedes;
  let server: net.Server;
  let url = '';
  let pub: MqttClient;

  beforeAll(async () => {
    broker = await Aedes.createBroker({ persistence: indexedMemoryPersistence() });
    server = net.createServer((s) => broker.handle(s));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `mqtt://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
    pub = await mqtt.connectAsync(url, { clientId: 'publisher' });
    for (const [t, v] of [
      ['cbo/v1/A1/status', 'a1'],
      ['cbo/v1/A2/status', 'a2'],
      ['cbo/v1/B1/up', 'b1'],
    ]) {
      await pub.publishAsync(t!, v!, { qos: 1, retain: true });
    }
  });
  afterAll(async () => {
    await pub.endAsync(true);
    await new Promise<void>((r) => broker.close(() => r()));
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('an exact subscription gets its own retained message and no other', async () => {
    expect(await retainedFor(url, 'cbo/v1/A1/status')).toEqual({ 'cbo/v1/A1/status': 'a1' });
    expect(await retainedFor(url, 'cbo/v1/none/status')).toEqual({});
  });

  it('a wildcard subscription still gets every match', async () => {
    expect(await retainedFor(url, 'cbo/v1/+/status')).toEqual({ 'cbo/v1/A1/status': 'a1', 'cbo/v1/A2/status': 'a2' });
    expect(await retainedFor(url, 'cbo/#')).toEqual({
      'cbo/v1/A1/status': 'a1',
      'cbo/v1/A2/status': 'a2',
      'cbo/v1/B1/up': 'b1',
    });
  });

  it('a replaced retained message is the new one; an empty one clears it for both kinds of subscription', async () => {
    await pub.publishAsync('cbo/v1/A1/status', 'a1-new', { qos: 1, retain: true });
    expect(await retainedFor(url, 'cbo/v1/A1/status')).toEqual({ 'cbo/v1/A1/status': 'a1-new' });
    await pub.publishAsync('cbo/v1/A2/status', '', { qos: 1, retain: true });
    expect(await retainedFor(url, 'cbo/v1/A2/status')).toEqual({});
    expect(await retainedFor(url, 'cbo/v1/+/status')).toEqual({ 'cbo/v1/A1/status': 'a1-new' });
  });
});
