import { describe, expect, it } from 'vitest';
import {
  addTag,
  closeAllTags,
  closeOtherTags,
  closeTag,
  landingAfterClose,
  pruneTags,
  withAffix,
  type TagView,
} from './tags-store';

const dash: TagView = { path: '/dashboard', fullPath: '/dashboard', title: 'menu.dashboard', affix: true };
const a: TagView = { path: '/a', fullPath: '/a', title: 'A' };
const b: TagView = { path: '/b', fullPath: '/b?x=1', title: 'B' };

describe('tags', () => {
  it('adds a screen once and updates its address', () => {
    const tags = addTag(addTag([dash], a), b);
    expect(tags.map((t) => t.path)).toEqual(['/dashboard', '/a', '/b']);
    const again = addTag(tags, { ...a, fullPath: '/a?page=2' });
    expect(again.map((t) => t.path)).toEqual(['/dashboard', '/a', '/b']);
    expect(again[1]!.fullPath).toBe('/a?page=2');
    expect(addTag(again, { ...a, fullPath: '/a?page=2' })).toBe(again);
  });

  it('keeps the dashboard fixed first and never closes it', () => {
    const tags = withAffix([a, { ...dash, affix: false, fullPath: '/dashboard?y=2' }, b], [dash]);
    expect(tags.map((t) => t.path)).toEqual(['/dashboard', '/a', '/b']);
    expect(tags[0]).toMatchObject({ affix: true, fullPath: '/dashboard?y=2' });
    expect(closeTag(tags, '/dashboard')).toEqual(tags);
    expect(closeTag(tags, '/a').map((t) => t.path)).toEqual(['/dashboard', '/b']);
    expect(closeOtherTags(tags, '/b').map((t) => t.path)).toEqual(['/dashboard', '/b']);
    expect(closeAllTags(tags).map((t) => t.path)).toEqual(['/dashboard']);
  });

  it('lands on the last remaining tab after closing the active one', () => {
    expect(landingAfterClose([dash, b], '/dashboard')).toBe('/b?x=1');
    expect(landingAfterClose([], '/dashboard')).toBe('/dashboard');
  });

  it('drops restored tabs the account can no longer open', () => {
    const tags = [dash, a, b];
    expect(pruneTags(tags, (p) => p !== '/a').map((t) => t.path)).toEqual(['/dashboard', '/b']);
    expect(pruneTags(tags, () => true)).toBe(tags);
  });
});
