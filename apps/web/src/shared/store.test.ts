import { describe, expect, it, vi } from 'vitest';
import { createStore } from './store';

describe('createStore', () => {
  it('tells subscribers of a new value, not of the same one, and stops after unsubscribe', () => {
    const s = createStore(1);
    const l = vi.fn();
    const off = s.subscribe(l);
    s.set(1);
    expect(l).not.toHaveBeenCalled();
    s.set(2);
    expect(s.get()).toBe(2);
    expect(l).toHaveBeenCalledTimes(1);
    off();
    s.set(3);
    expect(l).toHaveBeenCalledTimes(1);
  });
});
