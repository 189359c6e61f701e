import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The accessible kit is used everywhere (issue 15): toasts go through lib/notify.ts (status or alert,
 * errors that stay long enough to read) and dialogs through components/dialog.tsx (nested dialogs
 * closed one at a time). A screen that bypasses them is caught here.
 */

const SOURCE = resolve(__dirname, '..');

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Files (relative to src/) whose text matches `pattern`, except the allowed ones. */
function filesMatching(pattern: RegExp, allowed: readonly string[]): string[] {
  return sourceFiles(SOURCE)
    .map((path) => relative(SOURCE, path).split('\\').join('/'))
    .filter((path) => !allowed.includes(path))
    .filter((path) => pattern.test(readFileSync(join(SOURCE, path), 'utf8')));
}

const TOASTS =
  /notifications\.show\(|import\s*\{[^}]*\bnotifications\b[^}]*\}\s*from\s*'@mantine\/notifications'/;
const MODALS = /<Modal[\s>]/;

describe('accessibility rules of the web kit', () => {
  it('shows every toast through lib/notify.ts', () => {
    expect(filesMatching(TOASTS, ['lib/notify.ts', 'test/setup.ts'])).toEqual([]);
  });

  it('opens every dialog through components/dialog.tsx', () => {
    expect(filesMatching(MODALS, ['components/dialog.tsx'])).toEqual([]);
  });

  it('sees a file that breaks a rule (the checks can fail)', () => {
    expect(TOASTS.test("import { notifications } from '@mantine/notifications';")).toBe(true);
    expect(TOASTS.test("notifications.show({ color: 'green', message: 'ok' })")).toBe(true);
    expect(TOASTS.test("import { Notifications } from '@mantine/notifications';")).toBe(false);
    expect(MODALS.test('<Modal opened onClose={close}>')).toBe(true);
    expect(MODALS.test('<Dialog opened onClose={close}>')).toBe(false);
    expect(filesMatching(/notifySuccess/, []).length).toBeGreaterThan(0);
  });
});
