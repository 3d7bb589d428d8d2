import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit.js';

const tick = () => new Promise((r) => setImmediate(r));

describe('group commit', () => {
  it('writes a lone item at once, and items that arrive while a batch runs together in the next', async () => {
    const batches: number[][] = [];
    let release: () => void = () => undefined;
    const gc = new GroupCommit<number, number>(async (xs) => {
      batches.push(xs);
      if (batches.length === 1) await new Promise<void>((r) => (release = r));
      return xs.map((x) => x * 10);
    });
    const first = gc.add(1);
    await tick();
    expect(batches).toEqual([[1]]);
    const rest = [2, 3, 4].map((x) => gc.add(x));
    await tick();
    expect(batches).toEqual([[1]]); // waits for the running batch
    release();
    expect(await first).toBe(10);
    expect(await Promise.all(rest)).toEqual([20, 30, 40]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('caps a batch at maxBatch', async () => {
    const sizes: number[] = [];
    const gc = new GroupCommit<number, number>(
      async (xs) => {
        sizes.push(xs.length);
        return xs;
      },
      { maxBatch: 3 },
    );
    const all = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((x) => gc.add(x)));
    expect(all).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(sizes).toEqual([3, 3, 1]);
  });

  it('retries a failed batch one item at a time, so only the bad item fails', async () => {
    const gc = new GroupCommit<number, number>(async (xs) => {
      if (xs.includes(13)) throw new Error('bad 13');
      return xs;
    });
    const results = await Promise.allSettled([1, 13, 2].map((x) => gc.add(x)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error('bad 13'));
  });

  it('drain waits for what is queued and running', async () => {
    let written = 0;
    const gc = new GroupCommit<number, void>(async (xs) => {
      await new Promise((r) => setTimeout(r, 20));
      written += xs.length;
      return xs.map(() => undefined);
    });
    void gc.add(1);
    void gc.add(2);
    await gc.drain();
    expect(written).toBe(2);
    await gc.drain(); // nothing left: returns at once
  });
});
