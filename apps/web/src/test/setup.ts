import { afterEach } from 'vitest';
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
