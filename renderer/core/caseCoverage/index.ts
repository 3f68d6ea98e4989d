/**
 * Coverage of a flow by its test cases: what they reach of its steps, fields, visibility rules (both
 * ways), values the flow sets itself, cross-field rules and messages, and in plain Dutch what none
 * reaches. Framework-free: the back office's 'Dekking' and `npm run flows:coverage` share it.
 */
import type { Translate } from '../i18n';
import type { FlowDocument, ReferenceLists } from '../types';
import type { ValidatorSet } from '../validate';
import { reachOf, type CoverageCase } from './reach';
import { coverageTargets } from './targets';
import type { CoverageCount, CoverageItem, FlowCoverage } from './types';

export type { CoverageCase } from './reach';
export type { CoverageCount, CoverageItem, CoverageKind, FlowCoverage } from './types';

/** The counts in the order they are shown, each named in Dutch. */
function countsOf(items: CoverageItem[]): CoverageCount[] {
  const count = (kind: CoverageCount['kind'], name: string, matches: (item: CoverageItem) => boolean): CoverageCount => {
    const mine = items.filter(matches);
    return { kind, name, reached: mine.filter((item) => item.reached).length, total: mine.length };
  };
  return [
    count('step', 'stappen', (item) => item.kind === 'step'),
    count('field', 'velden', (item) => item.kind === 'field'),
    count('shown', 'keer zichtbaar of verborgen', (item) => item.kind === 'shown' || item.kind === 'hidden'),
    count('rule', 'regels over meer velden', (item) => item.kind === 'message' && item.message?.rule === true),
    count('derive', 'waarden die de flow zelf invult', (item) => item.kind === 'derive'),
    count('message', 'meldingen', (item) => item.kind === 'message' && item.message?.rule !== true),
  ];
}

/**
 * What the cases reach of the flow (validated with `validators`, messages in `t`'s language). A case
 * that cannot run (an unknown step, data of another shape) reaches nothing.
 */
export function flowCoverage(
  flow: FlowDocument,
  cases: readonly CoverageCase[],
  validators: ValidatorSet,
  t: Translate,
  lists: ReferenceLists = {},
): FlowCoverage {
  const reached = new Set<string>();
  for (const testCase of cases) {
    try {
      reachOf(flow, testCase, validators, t, lists, reached);
    } catch {
      // Reported where the case is run (its problems); coverage counts what the others reach.
    }
  }
  const items = coverageTargets(flow, t).map((target): CoverageItem => ({ ...target, reached: reached.has(target.id) }));
  return { flowId: flow.id, cases: cases.length, counts: countsOf(items), items };
}
