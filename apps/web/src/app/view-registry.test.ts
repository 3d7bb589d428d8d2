import { describe, expect, it } from 'vitest';
import { lazyView, VIEW_URL_HOMES, viewModulePath } from './view-registry';

describe('view registry (views load on demand by url)', () => {
  it('maps feature/view urls to feature view files', () => {
    expect(viewModulePath('system/operation-log')).toBe('../features/system/views/operation-log.tsx');
    expect(viewModulePath('/dashboard/index.tsx')).toBe('../features/dashboard/views/index.tsx');
  });

  it('finds the identity screens under the urls the menus store', () => {
    expect(viewModulePath('system/login-log')).toBe('../features/identity/views/login-log.tsx');
    for (const url of Object.keys(VIEW_URL_HOMES)) expect(lazyView(url), url).not.toBeNull();
  });

  it('refuses urls of any other shape', () => {
    for (const bad of ['', 'dashboard', 'a/b/c', '../x/y', 'a/b c']) expect(viewModulePath(bad)).toBeNull();
  });

  it('gives one lazy component per existing view, and null for a missing file', () => {
    const view = lazyView('system/login-log');
    expect(view).not.toBeNull();
    expect(lazyView('system/login-log')).toBe(view);
    expect(lazyView('nothing/here')).toBeNull();
  });
});
