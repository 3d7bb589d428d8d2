import { describe, expect, it } from 'vitest';

describe('zod without eval', () => {
  it('is jitless once the start-up module has run, before anything configures it', async () => {
    await import('./zod-jitless');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });
});
