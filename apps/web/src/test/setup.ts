import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// jsdom lacks these; antd's responsive helpers and Grid read them.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
window.getComputedStyle = ((orig) => (elt: Element) => orig(elt))(window.getComputedStyle);

afterEach(() => cleanup());
