import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COLOR_SCHEME_KEY, colorSchemeOf } from './color-scheme';

/** public/color-scheme.js, which index.html runs before the console's styles and code. */
const BOOT_SCRIPT = readFileSync(resolve(__dirname, '../../public/color-scheme.js'), 'utf8');
const INDEX_HTML = readFileSync(resolve(__dirname, '../../index.html'), 'utf8');

function runBootScript(prefersDark = false): string | null {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: prefersDark && query === '(prefers-color-scheme: dark)',
  }));
  // Runs the plain script as the browser does, in the global scope.
  new Function(BOOT_SCRIPT)();
  return document.documentElement.getAttribute('data-mantine-color-scheme');
}

describe('colour scheme before the console loads (public/color-scheme.js)', () => {
  afterEach(() => {
    document.documentElement.removeAttribute('data-mantine-color-scheme');
  });

  it('reads the key the console writes', () => {
    expect(BOOT_SCRIPT).toContain(`localStorage.getItem('${COLOR_SCHEME_KEY}')`);
  });

  it('is loaded by index.html as a file, before the console’s module (no inline script: CSP)', () => {
    const boot = INDEX_HTML.indexOf('<script src="/color-scheme.js"></script>');
    expect(boot).toBeGreaterThan(0);
    expect(boot).toBeLessThan(INDEX_HTML.indexOf('type="module"'));
    expect(INDEX_HTML).not.toMatch(/<script>(?!<)/);
  });

  it('applies the stored scheme, light when none or unknown', () => {
    expect(runBootScript()).toBe('light');
    localStorage.setItem(COLOR_SCHEME_KEY, 'dark');
    expect(runBootScript()).toBe('dark');
    localStorage.setItem(COLOR_SCHEME_KEY, 'sepia');
    expect(runBootScript(true)).toBe('light');
  });

  it("follows the system's scheme for 'auto' (the 'system' theme)", () => {
    localStorage.setItem(COLOR_SCHEME_KEY, colorSchemeOf('system'));
    expect(runBootScript(true)).toBe('dark');
    expect(runBootScript(false)).toBe('light');
  });
});
