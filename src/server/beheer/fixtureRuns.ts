/**
 * The test cases of a flow run against a version's validators on the server, as `flows:check` runs
 * them: the fixtures in the repository (tests/fixtures/<flow>) and those added in the back office,
 * where one with a repository fixture's name takes its place (an outcome taken over after a
 * deliberate change). Per case whether it holds and, per field, what differs. A version's outcome
 * for the same cases never changes, so it is kept per content hash and cases.
 */
import { createHash } from 'node:crypto';
import type { Translate } from '../../../renderer/core/i18n';
import { fixtureResult, loadFixtures, type Fixture, type FixtureResult } from '../flows/fixtures';
import type { ActiveFlowVersion } from '../flows/version';
import type { StoredFixture } from '../storage';
import type { FixtureRun, FixtureSource } from '../../shared/beheer';

export interface FixtureCase {
  name: string;
  source: FixtureSource;
  fixture: Fixture;
}

const CACHE_SIZE = 100;
const cache = new Map<string, FixtureRun[]>();

/** The flow's cases: the repository's, with those of the back office in their place or beside them. */
export function fixtureCases(rootDir: string, flowId: string, stored: readonly StoredFixture[]): FixtureCase[] {
  const prefix = `${flowId}/`;
  const cases = new Map<string, FixtureCase>(
    loadFixtures(rootDir, flowId).map(({ file, fixture }) => {
      const name = file.startsWith(prefix) ? file.slice(prefix.length) : file;
      return [name, { name, source: 'repository', fixture }];
    }),
  );
  for (const entry of stored) {
    cases.set(entry.name, { name: entry.name, source: cases.has(entry.name) ? 'aangepast' : 'beheer', fixture: entry.fixture as Fixture });
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

export function runFixtures(version: ActiveFlowVersion, rootDir: string, t: Translate, stored: readonly StoredFixture[] = []): FixtureRun[] {
  const cases = fixtureCases(rootDir, version.flowId, stored);
  const storedKey = createHash('sha256').update(JSON.stringify(stored.map((entry) => [entry.name, entry.fixture]))).digest('hex');
  const key = `${rootDir}:${version.flowId}:${version.hash}:${storedKey}`;
  const known = cache.get(key);
  if (known) return known;
  const runs = cases.map(({ name, source, fixture }): FixtureRun => {
    const { problems, differences } = runCase(version, fixture, t);
    return { name, file: `${version.flowId}/${name}`, source, description: fixture.description, step: fixture.step ?? null, problems, differences };
  });
  cache.set(key, runs);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return runs;
}
