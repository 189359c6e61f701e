import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const SOURCE = resolve(__dirname, '..');

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** Where a file lives: 'features/<name>', 'lib', 'components', 'app' or 'test'. */
function areaOf(path: string): string {
  const [top, second] = relative(SOURCE, path).split(sep);
  return top === 'features' ? `features/${second}` : (top ?? '');
}

/** Relative imports of a file, resolved to paths under src/. */
function importsOf(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)];
  return specifiers.map((match) => resolve(dirname(path), match[1] ?? ''));
}

/** The imports that break ARCHITECTURE.md rule 7, as 'importer -> imported'. */
function forbiddenImports(): string[] {
  const broken: string[] = [];
  for (const file of sourceFiles(SOURCE)) {
    const from = areaOf(file);
    if (from === 'app' || from === 'test') continue;
    for (const target of importsOf(file)) {
      const to = areaOf(target);
      if (!to.startsWith('features/')) continue;
      if (from === to) continue;
      broken.push(`${relative(SOURCE, file)} -> ${relative(SOURCE, target)}`);
    }
  }
  return broken;
}

describe('import rules', () => {
  it('no feature imports another feature, and lib/ and components/ import no feature', () => {
    expect(forbiddenImports()).toEqual([]);
  });

  it('sees a forbidden import when there is one (the check can fail)', () => {
    expect(areaOf(join(SOURCE, 'features', 'users', 'users-page.tsx'))).toBe('features/users');
    expect(areaOf(join(SOURCE, 'lib', 'http.ts'))).toBe('lib');
    expect(areaOf(resolve(SOURCE, 'features/users', '../providers/api/list-providers'))).toBe(
      'features/providers',
    );
  });
});
