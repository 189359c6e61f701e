import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetDisplayPreferences } from '../lib/display-preferences';
import { resetSessionCache } from '../lib/session';

// Screens are lazy chunks transformed on first use: on a busy machine they take more than the default
// second to appear, so the queries of every test wait up to 5 s.
configure({ asyncUtilTimeout: 5000 });

// What Mantine needs from a browser that jsdom does not provide.
const { getComputedStyle } = window;
window.getComputedStyle = (element: Element) => getComputedStyle(element);
window.HTMLElement.prototype.scrollIntoView = () => {};

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStub;

// Mantine's autosizing Textarea listens to font loading.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

afterEach(() => {
  cleanup();
  // Toasts live in a module-level store: one test's toast must not show in the next test's render.
  notifications.clean();
  localStorage.clear();
  resetSessionCache();
  resetDisplayPreferences();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
