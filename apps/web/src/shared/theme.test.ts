import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

describe('reduced motion', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('follows the system setting from the start and when it changes', async () => {
    let changed: ((e: { matches: boolean }) => void) | undefined;
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
      addEventListener: (_type: string, l: (e: { matches: boolean }) => void) => {
        changed = l;
      },
    }));
    vi.resetModules();
    const { useReducedMotion } = await import('./theme');
    const { result } = renderHook(() => useReducedMotion());
    expect(result.current).toBe(true);
    act(() => changed!({ matches: false }));
    expect(result.current).toBe(false);
  });

  it('is off where the browser cannot say', async () => {
    vi.stubGlobal('matchMedia', undefined);
    vi.resetModules();
    const { useReducedMotion } = await import('./theme');
    expect(renderHook(() => useReducedMotion()).result.current).toBe(false);
  });
});
