/**
 * The test cases of a flow run against a version's validators on the server, as `flows:check` runs
 * them: the fixtures in the repository (tests/fixtures/<flow>) and those added in the back office.
 * An adjustment ('Nieuwe uitkomst overnemen') stands in for a case's own expectation: the open
 * draft's own first, else the one kept with the published version the draft started from (see
 * fixtureOwners.ts). Per case whether it holds and, per field, what differs. A version's outcome
 * for the same cases never changes, so it is kept per content hash and cases.
 */
import { createHash } from 'node:crypto';
import type { Translate } from '../../../renderer/core/i18n';
import { fixtureResult, readExpectation, readFixture, readFixtureFiles, type Fixture, type FixtureResult } from '../flows/fixtures';
import { modelFieldName } from '../../../renderer/core/fieldNames';
import type { ActiveFlowVersion } from '../flows/version';
import type { FixtureAdjustment, StoredFixture } from '../storage';
import type { FixtureAdjustmentScope, FixtureRun, FixtureSource } from '../../shared/beheer';

export interface FixtureCase {
  name: string;
  source: FixtureSource;
  /** Where the expectation in effect comes from when an adjustment stands in for the case's own. */
  adjustment: FixtureAdjustmentScope | null;
  /** The case with the expectation in effect. */
  fixture: Fixture;
  /** Why the case cannot run as written (a file or adjustment not in the format). */
  problem?: string;
}

/** What the cases of a flow are made of besides the repository: the back office's cases and the adjustments that apply. */
export interface CaseInputs {
  stored: readonly StoredFixture[];
  adjustments: readonly FixtureAdjustment[];
}

export const NO_CASE_INPUTS: CaseInputs = { stored: [], adjustments: [] };

const CACHE_SIZE = 100;
const cache = new Map<string, FixtureRun[]>();

/** A case that cannot be read still shows, under its name, failing with why. */
const unreadable = (name: string): Fixture => ({ description: name, data: {}, expected: { valid: true } });

/** Per case, the adjustment in effect: the draft's own before the one kept with a version. */
function adjustmentsByCase(adjustments: readonly FixtureAdjustment[]): Map<string, FixtureAdjustment> {
  const byCase = new Map<string, FixtureAdjustment>();
  for (const adjustment of adjustments) {
    const known = byCase.get(adjustment.name);
    if (!known || (known.scope === 'versie' && adjustment.scope === 'concept')) byCase.set(adjustment.name, adjustment);
  }
  return byCase;
}

/** The flow's cases: the repository's and the back office's, each with the expectation in effect. */
export function fixtureCases(rootDir: string, flowId: string, inputs: CaseInputs = NO_CASE_INPUTS): FixtureCase[] {
  const prefix = `${flowId}/`;
  const cases = new Map<string, FixtureCase>();
  for (const entry of readFixtureFiles(rootDir, flowId)) {
    const name = entry.file.startsWith(prefix) ? entry.file.slice(prefix.length) : entry.file;
    cases.set(
      name,
      'problem' in entry
        ? { name, source: 'repository', adjustment: null, fixture: unreadable(name), problem: entry.problem }
        : { name, source: 'repository', adjustment: null, fixture: entry.fixture },
    );
  }
  for (const entry of inputs.stored) {
    try {
      cases.set(entry.name, { name: entry.name, source: 'beheer', adjustment: null, fixture: readFixture(entry.fixture) });
    } catch (error) {
      cases.set(entry.name, { name: entry.name, source: 'beheer', adjustment: null, fixture: unreadable(entry.name), problem: (error as Error).message });
    }
  }
  for (const [name, adjustment] of adjustmentsByCase(inputs.adjustments)) {
    const found = cases.get(name);
    if (!found || found.problem) continue;
    const source: FixtureSource = found.source === 'repository' ? 'aangepast' : found.source;
    try {
      cases.set(name, { ...found, source, adjustment: adjustment.scope, fixture: { ...found.fixture, expected: readExpectation(adjustment.expected) } });
    } catch (error) {
      cases.set(name, { ...found, source, adjustment: adjustment.scope, problem: (error as Error).message });
    }
  }
  return [...cases.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Runs one case; a case that cannot run (an unknown step, data of the wrong shape) fails with why. */
export function runCase(version: ActiveFlowVersion, fixture: Fixture, t: Translate): FixtureResult {
  try {
    return fixtureResult(version.content.documents.nl, fixture, version.runtime.validators, t, version.content.lists.nl);
  } catch (error) {
    return { outcome: fixture.expected, differences: [], problems: [(error as Error).message] };
  }
}

export function runFixtures(version: ActiveFlowVersion, rootDir: string, t: Translate, inputs: CaseInputs = NO_CASE_INPUTS): FixtureRun[] {
  const inputKey = createHash('sha256')
    .update(
      JSON.stringify([inputs.stored.map((entry) => [entry.name, entry.fixture]), inputs.adjustments.map((entry) => [entry.name, entry.scope, entry.expected])]),
    )
    .digest('hex');
  const key = `${rootDir}:${version.flowId}:${version.hash}:${inputKey}`;
  const known = cache.get(key);
  if (known) return known;
  const runs = fixtureCases(rootDir, version.flowId, inputs).map(({ name, source, adjustment, fixture, problem }): FixtureRun => {
    const { problems, differences } = problem ? { problems: [problem], differences: [] } : runCase(version, fixture, t);
    return {
      name,
      file: `${version.flowId}/${name}`,
      source,
      adjustment,
      description: fixture.description,
      step: fixture.step ?? null,
      wording: Object.keys(fixture.expected.wording ?? {}).map((field) => ({ field, ...modelFieldName(version.content.documents.nl, field) })),
      problems,
      differences,
    };
  });
  cache.set(key, runs);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return runs;
}
