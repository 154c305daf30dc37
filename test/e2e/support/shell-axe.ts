import type { Page } from 'playwright-core';
import { loadAxe, type AxeViolation } from './axe';

/**
 * Like `seriousAxeViolations`, but can leave out parts of the page: the shell tests judge the frame (and
 * their own pages), while other screens inside it have their own tests.
 */
export async function seriousAxeViolationsOutside(page: Page, exclude: readonly string[]): Promise<string[]> {
  await loadAxe(page);
  const violations = await page.evaluate(async (excluded) => {
    const axe = (
      window as unknown as {
        axe: { run: (context: object, options: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(
      { include: [['html']], exclude: excluded.map((selector) => [selector]) },
      { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa'] } },
    );
    return result.violations;
  }, exclude);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}
