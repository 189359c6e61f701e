import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/*
 * axe-core in the page under test: WCAG 2.0, 2.1 and 2.2 rules of levels A and AA. The script is read
 * from the installed package (no network), injected once per page and run on the whole document.
 */

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

interface AxeNode {
  target: string[];
  failureSummary?: string;
}
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/** Runs axe on the page as it is now and returns the violations (empty when none). */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  // Evaluated through the DevTools protocol: the console's Content-Security-Policy forbids inline scripts.
  if (!loaded) await page.evaluate(`${AXE_SOURCE}\n;true`);
  return page.evaluate(async (tags) => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({ target: node.target, failureSummary: node.failureSummary })),
    }));
  }, WCAG_TAGS);
}

/** A readable report of violations, for assertion messages. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n` +
        violation.nodes
          .slice(0, 5)
          .map(
            (node) => `  ${node.target.join(' ')} — ${node.failureSummary?.split('\n').slice(1).join(' ')}`,
          )
          .join('\n'),
    )
    .join('\n');
}
