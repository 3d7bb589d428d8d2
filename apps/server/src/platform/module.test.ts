import { describe, expect, it } from 'vitest';
import { buildModule, defineModule, type Late, type Platform } from './module.js';

/** A module with one early need and two late ones (on modules built after it). */
interface Needs {
  greet(name: string): string;
}
interface Later {
  outletNames(ids: number[]): Promise<Map<number, string>>;
  turnovers(ids: number[]): Promise<Map<number, number>>;
}
const probe = defineModule({
  name: 'probe',
  tables: {},
  menus: [],
  late: { outletNames: true, turnovers: true },
  services: (_p: Platform, needs: Needs, late: Late<Later>) => ({
    hello: (n: string) => needs.greet(n),
    names: (ids: number[]) => late.outletNames(ids),
  }),
  routes: () => {},
});
// The module under test reads nothing of the platform.
const platform = {} as Platform;
const needs: Needs = { greet: (n) => `hi ${n}` };

describe('late needs: one declared bind phase, failing closed', () => {
  it('a module whose late needs were never bound fails the start, naming them', async () => {
    const m = await buildModule(probe, platform, needs);
    expect(() => m.assertBound()).toThrow(/probe: late needs outletNames, turnovers were never bound/);
  });

  it('a bind that misses one fails, naming the missing need; a late need read before the bind fails too', async () => {
    const m = await buildModule(probe, platform, needs);
    expect(() => m.services.names([1])).toThrow(/probe: its late need 'outletNames' was used before the bind phase/);
    expect(() => m.bind({ outletNames: async () => new Map([[1, 'Corner Cafe']]) } as unknown as Later)).toThrow(
      /Module probe: late need turnovers missing/,
    );
    expect(() => m.assertBound()).toThrow(/never bound/);
  });

  it('bound once, the needs answer through the module; a second bind is refused', async () => {
    const m = await buildModule(probe, platform, needs);
    const later: Later = { outletNames: async () => new Map([[1, 'Corner Cafe']]), turnovers: async () => new Map() };
    m.bind(later);
    expect(() => m.assertBound()).not.toThrow();
    expect(await m.services.names([1])).toEqual(new Map([[1, 'Corner Cafe']]));
    expect(m.services.hello('Li')).toBe('hi Li');
    expect(() => m.bind(later)).toThrow(/bound twice/);
  });

  it('a module without late needs is bound from the start', async () => {
    const plain = await buildModule(
      defineModule({ name: 'plain', tables: {}, menus: [], services: () => ({}), routes: () => {} }),
      platform,
      {},
    );
    expect(() => plain.assertBound()).not.toThrow();
  });
});
