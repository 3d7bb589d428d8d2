import { describe, expect, it } from 'vitest';
import { decideGuard, loginRedirect, safeRedirect } from './guard';

const base = { search: '', hasToken: false, rolesLoaded: false };

describe('decideGuard', () => {
  it('lets anyone without a token open /login', () => {
    expect(decideGuard({ ...base, pathname: '/login' })).toEqual({ type: 'allow' });
  });

  it('sends a signed-in user opening /login to /', () => {
    expect(decideGuard({ ...base, pathname: '/login', hasToken: true })).toEqual({ type: 'redirect', to: '/' });
    expect(decideGuard({ ...base, pathname: '/login', hasToken: true, rolesLoaded: true })).toEqual({
      type: 'redirect',
      to: '/',
    });
  });

  it('sends every other path without a token to /login with the path as redirect', () => {
    expect(decideGuard({ ...base, pathname: '/system/loginLog', search: '?pageNum=2' })).toEqual({
      type: 'redirect',
      to: '/login?redirect=%2Fsystem%2FloginLog%3FpageNum%3D2',
    });
    expect(decideGuard({ ...base, pathname: '/404' })).toEqual({ type: 'redirect', to: '/login?redirect=%2F404' });
    expect(decideGuard({ ...base, pathname: '/' })).toEqual({ type: 'redirect', to: '/login?redirect=%2F' });
  });

  it('loads user info and menus when a token exists but no roles are loaded', () => {
    expect(decideGuard({ ...base, pathname: '/dashboard', hasToken: true })).toEqual({ type: 'load' });
  });

  it('allows the navigation once roles are loaded', () => {
    expect(decideGuard({ ...base, pathname: '/dashboard', hasToken: true, rolesLoaded: true })).toEqual({
      type: 'allow',
    });
  });

  it('after an explicit logout goes to /login without a redirect back', () => {
    expect(decideGuard({ ...base, pathname: '/system/loginLog', signedOut: true })).toEqual({
      type: 'redirect',
      to: '/login',
    });
  });
});

describe('safeRedirect', () => {
  it('keeps a path of the console', () => {
    expect(safeRedirect('/system/loginLog?pageNum=2')).toBe('/system/loginLog?pageNum=2');
    expect(safeRedirect(decodeURIComponent(loginRedirect('/my/my').split('=')[1]!))).toBe('/my/my');
  });

  it('refuses other sites and loops back to /login', () => {
    for (const bad of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '/login',
      '/login?redirect=/x',
      '',
      null,
    ]) {
      expect(safeRedirect(bad)).toBe('/');
    }
  });
});
