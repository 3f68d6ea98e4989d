// @vitest-environment jsdom
/**
 * Every widget keeps the promise of its `widget.json`, in the way GOV.UK Frontend holds its
 * components to their examples: each declared `ui:options` entry appears in one of the widget's
 * `examples`; each example passes the flow check (so the option is written as the check wants it)
 * and renders through the portal's StepForm without an accessibility finding; and without any one
 * of its options the example renders differently — an option the widget ignores fails here.
 */
import { Suspense, useMemo, useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import axe from 'axe-core';
import type { Environment } from '../renderer/core/environment';
import { createTranslate } from '../renderer/core/i18n';
import nlMessages from '../renderer/core/i18n/messages.nl.json';
import type { StepDefinition } from '../renderer/core/types';
import type { ValidatorSet } from '../renderer/core/validate';
import type { WidgetDescription, WidgetExample } from '../renderer/core/widgetCatalogue';
import { preloadFieldCode } from '../renderer/react/fields';
import { StepForm } from '../renderer/react/StepForm';
import { useStepContext } from '../renderer/react/wizard/useStepContext';
import { createPipeline } from '../src/server/flows/pipeline/compileFlow';
import { flowInputs, loadPipelineSources, loadWidgetCatalogue } from '../src/server/flows/sources';
import { edited } from '../tests/helpers/flowEdits';
import { createChangeQueue, preloadUiCode, widgets } from '.';

afterEach(cleanup);
beforeAll(() => Promise.all([preloadFieldCode(['ArrayField', 'NumberField']), preloadUiCode(Object.keys(widgets))]));

const t = createTranslate(nlMessages as Record<string, string>);
const compile = createPipeline(loadPipelineSources(process.cwd()));
const catalogue = loadWidgetCatalogue(process.cwd());
const host = flowInputs(process.cwd(), { examples: true }).find((input) => input.expectedId === 'voorbeeld-getallen')!;

function Step({ step, validators }: { step: StepDefinition; validators: ValidatorSet }) {
  const [data, setData] = useState<Record<string, unknown>>({});
  const working = useMemo(() => ({ [step.dataKey]: data }) as Environment, [step.dataKey, data]);
  const context = useStepContext({ step, choices: [], onChoose: () => undefined, working, shownErrors: {}, t, lang: 'nl', idPrefix: step.dataKey });
  const changes = useMemo(() => createChangeQueue((run) => run()), []);
  return <StepForm step={step} validators={validators} data={data} context={context} changes={changes} onChange={setData} onBlur={() => undefined} />;
}

/** The example as the only field of a step, compiled by the flow check: its problems, or the step. */
type Compiled = { step: StepDefinition; validators: ValidatorSet } | { problems: string[] };

function compiled(widget: string, example: WidgetExample, options: Record<string, unknown>): Compiled {
  const result = compile(
    edited(host, (document) => {
      const step = document.steps[0];
      step.schema = { type: 'object', properties: { probe: example.schema } };
      step.uiSchema = { probe: { 'ui:widget': widget, ...(Object.keys(options).length > 0 ? { 'ui:options': options } : {}) } };
      delete step.visibleIf;
      delete step.rules;
      delete step.messages;
      delete step.derive;
    }),
  );
  if (!result.ok) return { problems: result.problems.map((problem) => `${problem.pointer} ${problem.message}`) };
  const step = result.flow.content.documents.nl.steps[0];
  if (!step) throw new Error('the example flow has no step');
  return { step, validators: result.flow.runtime.validators };
}

/** The rendered form, with React's generated ids made equal so two renders compare by what they show. */
async function rendered(step: StepDefinition, validators: ValidatorSet): Promise<{ html: string; container: HTMLElement }> {
  const { container } = render(
    <Suspense fallback={<p>laden</p>}>
      <Step step={step} validators={validators} />
    </Suspense>,
  );
  await act(async () => undefined);
  const html = container.innerHTML.replace(/«r[0-9a-z]+»|:r[0-9a-z]+:/g, 'id');
  return { html, container };
}

/**
 * The widget with the example's options passes the flow check and renders without an accessibility
 * finding, and without any one of the options it renders differently.
 */
async function keepsItsPromise(widget: string, example: WidgetExample): Promise<void> {
  const full = compiled(widget, example, example.options);
  if (!('step' in full)) throw new Error(`${widget}: ${full.problems.join('; ')}`);
  const { html, container } = await rendered(full.step, full.validators);
  const results = await axe.run(container, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    rules: { 'color-contrast': { enabled: false } },
  });
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`)).toEqual([]);
  cleanup();
  for (const option of Object.keys(example.options)) {
    const { [option]: _left, ...rest } = example.options;
    const without = compiled(widget, example, rest);
    if (!('step' in without)) throw new Error(`${widget} without ${option}: ${without.problems.join('; ')}`);
    const plain = await rendered(without.step, without.validators);
    expect(plain.html, `${widget}: ‘${option}’ changes nothing on screen`).not.toBe(html);
    cleanup();
  }
}

const withOptions = (entries: WidgetDescription[]) => entries.filter((entry) => Object.keys(entry.options ?? {}).length > 0);

describe('widget contracts', () => {
  it('every declared option of every widget appears in one of its examples', () => {
    const missing = withOptions(catalogue.widgets).flatMap((entry) => {
      const shown = new Set((entry.examples ?? []).flatMap((example) => Object.keys(example.options)));
      return Object.keys(entry.options ?? {})
        .filter((option) => !shown.has(option))
        .map((option) => `${entry.name}: ${option}`);
    });
    expect(missing).toEqual([]);
  });

  for (const entry of catalogue.widgets) {
    for (const example of entry.examples ?? []) {
      it(`${entry.name}, ${example.name}: passes the check, renders accessibly, and each option shows`, () => keepsItsPromise(entry.name, example));
    }
  }

  it('every common option (what every widget accepts) appears in one of the common examples', () => {
    const shown = new Set(catalogue.commonExamples.flatMap((example) => Object.keys(example.options)));
    expect(Object.keys(catalogue.commonOptions).filter((option) => !shown.has(option))).toEqual([]);
  });

  for (const example of catalogue.commonExamples) {
    it(`common options, ${example.name}: passes the check, renders accessibly, and each option shows`, () => keepsItsPromise(example.widget, example));
  }

  it('a group of choices is written with `label`: the check refuses `header`, the list shows the label', async () => {
    const select = catalogue.widgets.find((entry) => entry.name === 'Select')!;
    const example = select.examples!.find((candidate) => 'groups' in candidate.options)!;
    const groups = example.options.groups as { label: string; values: unknown[] }[];
    const refused = compiled('Select', example, { groups: groups.map(({ label, values }) => ({ header: label, values })) });
    expect('problems' in refused && refused.problems.length).toBeTruthy();
    const accepted = compiled('Select', example, example.options);
    if (!('step' in accepted)) throw new Error(accepted.problems.join('; '));
    const { container } = await rendered(accepted.step, accepted.validators);
    expect([...container.querySelectorAll('optgroup')].map((group) => group.label)).toEqual(groups.map((group) => group.label));
  });
});
