/**
 * The schema fixtures of a flow (tests/fixtures/<flow>) run against a version's validators on the
 * server, as `flows:check` runs them: per fixture whether it holds and, when not, what differs.
 * A version's outcome never changes, so it is kept per content hash.
 */
import type { Translate } from '../../../renderer/core/i18n';
import { fixtureProblems, loadFixtures } from '../flows/fixtures';
import type { ActiveFlowVersion } from '../flows/version';

export interface FixtureRun {
  file: string;
  description: string;
  problems: string[];
}

const CACHE_SIZE = 100;
const cache = new Map<string, FixtureRun[]>();

export function runFixtures(version: ActiveFlowVersion, rootDir: string, t: Translate): FixtureRun[] {
  const key = `${rootDir}:${version.flowId}:${version.hash}`;
  const known = cache.get(key);
  if (known) return known;
  const runs = loadFixtures(rootDir, version.flowId).map(({ file, fixture }) => {
    let problems: string[];
    try {
      problems = fixtureProblems(version.content.documents.nl, fixture, version.runtime.validators, t, version.content.lists.nl);
    } catch (error) {
      problems = [(error as Error).message];
    }
    return { file, description: fixture.description, problems };
  });
  cache.set(key, runs);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return runs;
}
