/**
 * The data side of the browser sweep (`sweep.spec.ts`): which complete fixtures a flow has and on which
 * variant route each one runs, what the wizard keeps in sessionStorage for a given step, and the
 * portal's own texts for the step heading and the 'Volgende' button. Nothing here names a flow.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { StoredFlowState } from '../../renderer/browser/flowStorage';
import type { Page } from '@playwright/test';
import { createTranslate, LANG_COOKIE, type Lang, type Translate } from '../../renderer/core/i18n';
import { VARIANT_KEY, type FlowDocument, type FlowModel, type StepDefinition } from '../../renderer/core/types';
import { createWizard, next, type WizardState } from '../../renderer/core/wizard';
import { readFixture, type Fixture } from '../../src/server/flows/fixtureFormat';

/** Chooses the portal language as its language switch does: the cookie the server makes the page in. */
export async function chooseLanguage(page: Page, lang: Lang, baseURL: string | undefined): Promise<void> {
  await page.context().addCookies([{ name: LANG_COOKIE, value: lang, url: baseURL ?? '' }]);
}

/** What `GET /api/flows/<id>` answers. */
export interface FlowResponse {
  flow: FlowDocument;
  hash: string;
  version: number;
  validators: Record<string, string>;
}

/** A whole-flow fixture that is a complete, valid application. */
export interface CompleteFixture {
  name: string;
  /** The variant route segment, when the flow has variants. */
  variant?: string;
  /** The step data by dataKey, without the variant constants (those come from the route). */
  model: FlowModel;
}

/** One route of a flow: a variant (or the flow itself) with its complete fixtures. */
export interface FlowRoute {
  variant?: string;
  fixtures: CompleteFixture[];
}

/** The portal's wizard texts of a language (the English falls back to the Dutch, as in the portal). */
export function wizardTexts(lang: Lang): Translate {
  const read = (code: Lang) => JSON.parse(readFileSync(path.resolve(`renderer/core/i18n/messages.${code}.json`), 'utf8')) as Record<string, string>;
  return createTranslate({ ...read('nl'), ...read(lang) });
}

/**
 * The flow's routes with their complete fixtures: `tests/fixtures/<flow>/*.json` (read as every
 * runner reads them) without a `step` and with `expected.valid === true`. A fixture's `data.variant` is matched to the constants of the
 * flow's variants; `problems` lists what does not fit (an unknown variant, a route without fixture).
 */
export function flowRoutes(flow: FlowDocument): { routes: FlowRoute[]; problems: string[] } {
  const dir = path.resolve('tests/fixtures', flow.id);
  const files = (() => {
    try {
      return readdirSync(dir)
        .filter((name) => name.endsWith('.json'))
        .sort();
    } catch {
      return [];
    }
  })();
  const variants = flow.variants ?? [];
  const defaultVariant = variants.find((variant) => variant.default) ?? variants[0];
  const routes: FlowRoute[] = variants.length > 0 ? variants.map((variant) => ({ variant: variant.id, fixtures: [] })) : [{ fixtures: [] }];
  const problems: string[] = [];
  for (const name of files) {
    let fixture: Fixture;
    try {
      fixture = readFixture(JSON.parse(readFileSync(path.join(dir, name), 'utf8')));
    } catch (error) {
      problems.push(`${flow.id}/${name}: ${(error as Error).message}`);
      continue;
    }
    if (fixture.step !== undefined || !fixture.expected.valid) continue;
    const { [VARIANT_KEY]: constants, ...model } = fixture.data;
    let variant: string | undefined;
    if (variants.length > 0) {
      variant = constants === undefined ? defaultVariant.id : variants.find((candidate) => isDeepStrictEqual(candidate.constants, constants))?.id;
      if (!variant) {
        problems.push(`${flow.id}/${name}: variant ${JSON.stringify(constants)} matches none of the flow's variants`);
        continue;
      }
    }
    routes.find((route) => route.variant === variant)!.fixtures.push({ name, variant, model });
  }
  for (const route of routes) {
    if (route.fixtures.length === 0)
      problems.push(`${flow.id}${route.variant ? `/${route.variant}` : ''}: no complete valid fixture in tests/fixtures/${flow.id}/`);
  }
  return { routes, problems };
}

/** Every wizard page of the flow in order: the input steps, then the review step. */
export function wizardPageIds(flow: FlowDocument): string[] {
  return [...flow.steps.map((step) => step.id), flow.review.id];
}

/**
 * The wizard as it is after the applicant approved every visible page before `pageId` (the engine's
 * own transitions); `hidden` pages keep the state 'hidden' and are passed over.
 */
export function wizardOn(flow: FlowDocument, pageId: string, hidden: readonly string[]): WizardState {
  let wizard = createWizard(wizardPageIds(flow), [...hidden]);
  while (wizard.current !== pageId) {
    const moved = next(wizard);
    if (moved.current === wizard.current) throw new Error(`${flow.id}: page ${pageId} cannot be reached`);
    wizard = moved;
  }
  return wizard;
}

/** The value the wizard restores from sessionStorage (under `storageKey(flow, scenario)`). */
export function storedState(hash: string, model: FlowModel, wizard: WizardState): string {
  const state: StoredFlowState = { hash, model, drafts: {}, wizard };
  return JSON.stringify(state);
}

/** The data of the steps before `stepId` (by dataKey), taken from a complete model. */
export function modelBefore(flow: FlowDocument, stepId: string, model: FlowModel): FlowModel {
  const index = flow.steps.findIndex((step) => step.id === stepId);
  return Object.fromEntries(
    flow.steps
      .slice(0, index)
      .filter((step) => step.dataKey in model)
      .map((step) => [step.dataKey, model[step.dataKey]]),
  );
}

/** Whether an empty step must show a message: a required field that no visibility rule hides and no default fills. */
export function hasUnconditionalRequiredField(step: StepDefinition): boolean {
  const required = step.schema.required ?? [];
  return required.some((field) => !Object.hasOwn(step.visibleIf ?? {}, field) && step.schema.properties?.[field]?.default === undefined);
}
