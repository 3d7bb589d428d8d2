import { describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { periodic } from './periodic.js';

const log = pino({ level: 'silent' });

describe('periodic jobs', () => {
  it('never runs two passes at once, and stop waits for the running one', async () => {
    vi.useFakeTimers();
    try {
      let active = 0;
      let most = 0;
      let done = 0;
      let release!: () => void;
      const job = periodic(
        'test job',
        100,
        async () => {
          active++;
          most = Math.max(most, active);
          await new Promise<void>((r) => (release = r));
          active--;
          done++;
        },
        log,
      );
      job.start();
      await vi.advanceTimersByTimeAsync(550); // five ticks while the first pass still runs
      expect(most).toBe(1);
      expect(done).toBe(0);
      const stopped = job.stop();
      let isStopped = false;
      void stopped.then(() => (isStopped = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(isStopped).toBe(false);
      release();
      await stopped;
      expect(done).toBe(1);
      await vi.advanceTimersByTimeAsync(1000); // no tick after stop
      expect(done).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('logs a failed pass and runs again on the next tick', async () => {
    vi.useFakeTimers();
    try {
      const warn = vi.fn();
      let calls = 0;
      const job = periodic(
        'flaky job',
        100,
        async () => {
          calls++;
          if (calls === 1) throw new Error('boom');
        },
        { ...log, warn } as unknown as typeof log,
        { firstMs: 0 },
      );
      job.start();
      await vi.advanceTimersByTimeAsync(0);
      expect(warn).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), 'flaky job failed');
      await vi.advanceTimersByTimeAsync(100);
      expect(calls).toBe(2);
      await job.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
