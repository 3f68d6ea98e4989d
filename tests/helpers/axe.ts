/**
 * Accessibility check for component tests: runs axe-core on rendered output in jsdom against the
 * WCAG 2.0/2.1 A and AA rules. Colour contrast is left to the e2e sweep in a real browser, because
 * jsdom computes no layout or colours.
 */
import axe from 'axe-core';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** One readable line per failing element: rule id, what the rule asks, the element's selector. */
function describe(violations: axe.Result[]): string {
  return violations.flatMap((violation) => violation.nodes.map((node) => `- ${violation.id}: ${violation.help} (${node.target.join(' ')})`)).join('\n');
}

/** Fails with the list of violations when axe finds WCAG A/AA problems in `container`. */
export async function expectNoAxeViolations(container: Element): Promise<void> {
  const results = await axe.run(container, {
    runOnly: { type: 'tag', values: WCAG_TAGS },
    rules: { 'color-contrast': { enabled: false } },
    resultTypes: ['violations'],
  });
  if (results.violations.length > 0) throw new Error(`Toegankelijkheidsfouten (axe):\n${describe(results.violations)}`);
}
