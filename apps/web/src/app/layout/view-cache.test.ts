import { describe, expect, it } from 'vitest';
import { emptyViewCache, MAX_ALIVE, refreshView, retainViews, visitView } from './view-cache';

describe('view cache', () => {
  it('keeps at most 10 screens alive, evicting the least recently used', () => {
    expect(MAX_ALIVE).toBe(10);
    let c = emptyViewCache;
    for (let i = 0; i < 10; i++) c = visitView(c, `/s${i}`, '');
    c = visitView(c, '/s0', ''); // /s0 used again: /s1 is now the oldest
    c = visitView(c, '/s10', '');
    const paths = c.views.map((v) => v.path);
    expect(paths).toHaveLength(10);
    expect(paths).toContain('/s0');
    expect(paths).not.toContain('/s1');
    expect(paths.at(-1)).toBe('/s10');
  });

  it('keeps first-seen order so the DOM never moves', () => {
    let c = visitView(visitView(emptyViewCache, '/a', ''), '/b', '');
    c = visitView(c, '/a', '?q=1');
    expect(c.views.map((v) => v.path)).toEqual(['/a', '/b']);
    expect(c.views[0]!.search).toBe('?q=1');
  });

  it('returns the same state when nothing changes (safe to derive during render)', () => {
    const c = visitView(emptyViewCache, '/a', '');
    expect(visitView(c, '/a', '')).toBe(c);
    expect(retainViews(c, () => true)).toBe(c);
  });

  it('bumps the refresh key of one screen only', () => {
    const c = refreshView(visitView(visitView(emptyViewCache, '/a', ''), '/b', ''), '/a');
    expect(c.views.map((v) => v.refresh)).toEqual([1, 0]);
  });

  it('forgets screens whose tab closed', () => {
    const c = visitView(visitView(emptyViewCache, '/a', ''), '/b', '');
    expect(retainViews(c, (p) => p === '/b').views.map((v) => v.path)).toEqual(['/b']);
  });
});
