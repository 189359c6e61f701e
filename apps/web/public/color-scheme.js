/*
 * Applies the console's colour scheme before its styles and code load, so that a reload never shows
 * the wrong theme first: the scheme lib/color-scheme.ts keeps in local storage ('light', 'dark', or
 * 'auto' for the operating system's), light when none. A file of its own, not an inline script: the
 * Content-Security-Policy (script-src 'self') forbids inline scripts.
 */
(() => {
  let scheme = 'light';
  try {
    const stored = window.localStorage.getItem('color_scheme');
    if (stored === 'light' || stored === 'dark' || stored === 'auto') scheme = stored;
  } catch {
    // No storage (private mode): light.
  }
  if (scheme === 'auto') {
    scheme = window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
  document.querySelector('meta[name="color-scheme"]')?.setAttribute('content', scheme);
})();
