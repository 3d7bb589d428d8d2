import { Readable } from 'node:stream';
import memory from 'aedes-persistence';

type Packet = { topic: string; payload: Buffer | string; [k: string]: unknown };
/** The parts of aedes-persistence's memory store this file replaces (its own types say less). */
interface RetainedStore {
  storeRetained(packet: Packet, cb?: (err?: Error | null) => void): Promise<void> | void;
  createRetainedStream(pattern: string): Readable;
  createRetainedStreamCombi(patterns: string[]): Readable;
}

const hasWildcard = (pattern: string) => pattern.includes('+') || pattern.includes('#');

/**
 * The embedded broker's in-memory persistence, with retained messages also indexed by exact topic.
 *
 * Aedes answers every SUBSCRIBE by streaming the retained messages that match it, and its memory
 * persistence finds them by testing every retained topic against the pattern. Every cabinet keeps
 * a retained `status` and subscribes to its own `down` topic on each connect, so a fleet of N
 * cabinets costs N x N topic tests to connect: at 10,000 cabinets that was most of the broker's
 * time (bench:gateway). A subscription without wildcards now looks its one topic up; wildcard
 * subscriptions (the server's own `+/up` and `+/status`, once) still scan.
 */
export function indexedMemoryPersistence(): ReturnType<typeof memory> {
  const original = memory();
  const p = original as unknown as RetainedStore;
  const exact = new Map<string, Packet>();
  const store = p.storeRetained.bind(p);
  const combi = p.createRetainedStreamCombi.bind(p);
  const single = p.createRetainedStream.bind(p);
  p.storeRetained = (packet: Packet, cb?: (err?: Error | null) => void) => {
    if (packet.payload.length === 0) exact.delete(packet.topic);
    else exact.set(packet.topic, { ...packet });
    return store(packet, cb);
  };
  const lookup = (patterns: string[]) => Readable.from(patterns.flatMap((t) => (exact.has(t) ? [exact.get(t)!] : [])));
  p.createRetainedStreamCombi = (patterns: string[]) =>
    patterns.some(hasWildcard) ? combi(patterns) : lookup(patterns);
  p.createRetainedStream = (pattern: string) => (hasWildcard(pattern) ? single(pattern) : lookup([pattern]));
  return original;
}
