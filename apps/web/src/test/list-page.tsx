import type { ReactElement, ReactNode } from 'react';
import { fakeMediaQueryList } from './media-query';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import type { Lang } from '@cbo/contract';
import { initI18n } from '@/shared/i18n';

/**
 * Test helpers for screens built on the kit (used by *.test.tsx only): a fake server behind
 * global fetch, desktop or phone widths, and the providers the console shell gives every view.
 */
export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}
export type FakeAnswer = { data: unknown } | { code: number; msg: string };
type Route = (call: FakeCall) => FakeAnswer | undefined;

/** A route that refuses with an error code, as the server's envelope does. */
export function fails(code: number, msg: string): Route {
  return () => ({ code, msg });
}

/** Replaces fetch with a server answering by path; every call is recorded in order. */
export function fakeServer(routes: Record<string, Route | object | string | number | boolean | null>) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const u = new URL(url, 'http://console.test');
    const call: FakeCall = {
      method: init?.method ?? 'GET',
      path: u.pathname,
      query: u.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
    };
    calls.push(call);
    const route = routes[u.pathname];
    const answer =
      typeof route === 'function' ? (route as Route)(call) : route === undefined ? undefined : { data: route };
    const envelope =
      answer === undefined
        ? { code: 100004, msg: 'Not found', data: null }
        : 'data' in answer
          ? { code: 0, msg: 'ok', data: answer.data }
          : { code: answer.code, msg: answer.msg, data: null };
    return { ok: true, status: 200, json: async () => envelope } as Response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** Calls to one path, oldest first. */
    to: (path: string) => calls.filter((c) => c.path === path),
    last: (path: string) => calls.filter((c) => c.path === path).at(-1),
  };
}

/** antd reads the width through matchMedia; this makes every `(min-width: Npx)` query true up to `width`. */
export function setViewportWidth(width: number): void {
  window.matchMedia = ((query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return fakeMediaQueryList(query, matches);
  }) as typeof window.matchMedia;
}

export async function setupI18n(lang: Lang = 'en_US'): Promise<void> {
  await initI18n(lang, { everything: true });
}

export function renderView(ui: ReactElement, { path = '/system/login-log' }: { path?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <App>{children}</App>
      </MemoryRouter>
    </QueryClientProvider>
  );
  return { queryClient, ...render(ui, { wrapper }) };
}

/** A button by its text or aria-label; far cheaper than getByRole on antd's large DOM. */
export function queryButton(name: RegExp): HTMLButtonElement | null {
  return (
    [...document.querySelectorAll('button')].find(
      (b) => name.test(b.textContent ?? '') || name.test(b.getAttribute('aria-label') ?? ''),
    ) ?? null
  );
}
export function button(name: RegExp): HTMLButtonElement {
  const b = queryButton(name);
  if (!b) throw new Error(`no button matching ${name}`);
  return b;
}
