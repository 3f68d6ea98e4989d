/**
 * Schema fixtures (tests/fixtures/<flow>/*.json): example data with the exact outcome expected,
 * per field. The same fixture runs against the validators the server compiles and against the
 * precompiled module the browser loads, so both sides are held to one answer.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { Translate } from '../../../renderer/core/i18n';
import { withEnvironment } from '../../../renderer/core/environment';
import type { FlowDocument, FlowModel, ReferenceLists } from '../../../renderer/core/types';
import { validateFlow, validateStep, type ValidatorSet } from '../../../renderer/core/validate';
import { modelPathOf } from '../../../renderer/core/paths';
import { misplacedData } from '../../../renderer/core/rules/conditions';

export interface Fixture {
  description: string;
  /** Validate only this step (its id); the whole flow otherwise. */
  step?: string;
  data: FlowModel;
  expected: {
    valid: boolean;
    /** Model path (dataKey.field) -> exact message. Must list every error. */
    errors?: Record<string, string>;
    /** Model paths that carry data while hidden or not applicable (the server refuses these). */
    hiddenWithData?: string[];
  };
}

export interface FixtureFile {
  file: string;
  fixture: Fixture;
}

export function loadFixtures(rootDir: string, flowId: string): FixtureFile[] {
  const dir = path.join(rootDir, 'tests', 'fixtures', flowId);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => ({ file: `${flowId}/${name}`, fixture: JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as Fixture }));
}

/** The outcome of a fixture with the given validators: model path -> message. */
export function fixtureOutcome(flow: FlowDocument, fixture: Fixture, validators: ValidatorSet, t: Translate, lists: ReferenceLists = {}): Record<string, string> {
  // Rules see the data as in the portal: with the flow's reference lists and variables.
  const data = withEnvironment(flow, fixture.data, lists);
  const results = fixture.step
    ? (() => {
        const step = flow.steps.find((candidate) => candidate.id === fixture.step);
        if (!step) throw new Error(`Onbekende stap in fixture: ${fixture.step}`);
        return [{ dataKey: step.dataKey, errors: validateStep(flow, step, data, validators, t) }];
      })()
    : validateFlow(flow, data, validators, t);
  return Object.fromEntries(results.flatMap((result) => result.errors.map((error) => [modelPathOf(result.dataKey, error.field), error.message])));
}

/** One field whose message differs from the expectation (null: no message). */
export interface FixtureDifference {
  field: string;
  expected: string | null;
  actual: string | null;
}

/** What a fixture gives now, and how that differs from what it expects. */
export interface FixtureResult {
  /** The outcome as an expectation: what "take over the new outcome" stores. */
  outcome: Fixture['expected'];
  differences: FixtureDifference[];
  problems: string[];
}

export function fixtureResult(flow: FlowDocument, fixture: Fixture, validators: ValidatorSet, t: Translate, lists: ReferenceLists = {}): FixtureResult {
  const errors = fixtureOutcome(flow, fixture, validators, t, lists);
  const expected = fixture.expected.errors ?? {};
  const problems: string[] = [];
  const differences: FixtureDifference[] = [];
  const valid = Object.keys(errors).length === 0;
  if (valid !== fixture.expected.valid) problems.push(`verwacht ${fixture.expected.valid ? 'geldig' : 'ongeldig'}, kreeg ${valid ? 'geldig' : 'ongeldig'}`);
  for (const [field, message] of Object.entries(expected)) {
    if (errors[field] !== message) {
      problems.push(`${field}: verwacht "${message}", kreeg "${errors[field] ?? '(geen melding)'}"`);
      differences.push({ field, expected: message, actual: errors[field] ?? null });
    }
  }
  for (const [field, message] of Object.entries(errors)) {
    if (!(field in expected)) {
      problems.push(`${field}: onverwachte melding "${message}"`);
      differences.push({ field, expected: null, actual: message });
    }
  }
  const hidden = [...misplacedData(flow, withEnvironment(flow, fixture.data, lists), validators)].sort();
  const expectedHidden = fixture.expected.hiddenWithData ?? [];
  if (JSON.stringify(hidden) !== JSON.stringify([...expectedHidden].sort())) {
    problems.push(`verborgen velden met gegevens: verwacht [${expectedHidden.join(', ')}], kreeg [${hidden.join(', ')}]`);
  }
  const outcome: Fixture['expected'] = { valid, errors, ...(hidden.length > 0 ? { hiddenWithData: hidden } : {}) };
  return { outcome, differences, problems };
}

/** Differences between a fixture's expectation and the outcome; empty when it holds. */
export function fixtureProblems(flow: FlowDocument, fixture: Fixture, validators: ValidatorSet, t: Translate, lists: ReferenceLists = {}): string[] {
  return fixtureResult(flow, fixture, validators, t, lists).problems;
}
