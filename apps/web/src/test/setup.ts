import { afterAll, afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { fakeMediaQueryList } from './media-query';

// jsdom lacks these; antd's responsive helpers and Grid read them.
if (!window.matchMedia) window.matchMedia = (query: string) => fakeMediaQueryList(query, false);
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
window.getComputedStyle = (
  (orig) => (elt: Element) =>
    orig(elt)
)(window.getComputedStyle);

// findBy…/waitFor wait up to 1 s by default: on a busy 2-core machine the first render of a screen
// (antd, lazy chunks, several queries) can take longer. Waiting is not a timing assertion: a test
// that finds its element sooner goes on at once, and one that never does still fails.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => cleanup());

// A language change loads antd's and dayjs's locale without anyone awaiting it: let it arrive before the
// file's environment is torn down (else the import fails inside the next file of the same worker).
afterAll(async () => {
  const { uiLocalesSettled } = await import('@/shared/ui-locale');
  await uiLocalesSettled();
});
