import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
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
window.getComputedStyle = ((orig) => (elt: Element) => orig(elt))(window.getComputedStyle);

afterEach(() => cleanup());
