/**
 * The coverage of a flow version by its test cases (renderer/core/caseCoverage): the repository's and
 * the back office's cases, run on the server. A version's coverage by the same cases never changes,
 * so the last few are kept per content hash and cases.
 */
import { createHash } from 'node:crypto';
import { flowCoverage, type CoverageCase, type FlowCoverage } from '../../../renderer/core/caseCoverage';
import type { Translate } from '../../../renderer/core/i18n';
import type { ActiveFlowVersion } from '../flows/version';
import { fixtureCases, type CaseInputs } from './fixtureRuns';

const CACHE_SIZE = 20;
const cache = new Map<string, FlowCoverage>();

/** What the flow's cases reach of `version` (a case that cannot be read reaches nothing). */
export function versionCoverage(version: ActiveFlowVersion, rootDir: string, t: Translate, inputs: CaseInputs): FlowCoverage {
  const cases: CoverageCase[] = fixtureCases(rootDir, version.flowId, inputs)
    // Unreadable cases stand in with empty data: they would count as a case that fills nothing in.
    .filter((entry) => !(entry.problem && entry.adjustment === null))
    .map(({ fixture }) => ({ data: fixture.data, ...(fixture.step !== undefined ? { step: fixture.step } : {}) }));
  const key = `${rootDir}:${version.flowId}:${version.hash}:${createHash('sha256').update(JSON.stringify(cases)).digest('hex')}`;
  const known = cache.get(key);
  if (known) return known;
  const coverage = flowCoverage(version.content.documents.nl, cases, version.runtime.validators, t, version.content.lists.nl);
  cache.set(key, coverage);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return coverage;
}
