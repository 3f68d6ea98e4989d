// @vitest-environment jsdom
/**
 * The pipeline's proof that every step renders (src/server/flows/pipeline/renderProof.ts), held to
 * the renderer itself: every step of every shipped and example flow, in Dutch and English, as the
 * pipeline compiles it, is rendered by the portal's StepForm (rjsf with the portal's widgets and
 * templates) — empty and with the data of each of the flow's test cases, so the branches of its
 * conditions render too — without an error. And fields the check once let through although no
 * component could show them (a choice list without type, a field of type null, choices that are
 * objects, a field with no type) are either rendered or refused: never the error page, and never a
 * field that renders as nothing (choices that are objects once came out as an empty group).
 */
import { Component, Suspense, useMemo, useState, type ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { stepInEffect } from '../core/conditions';
import type { Environment } from '../core/environment';
import { createTranslate } from '../core/i18n';
import nlMessages from '../core/i18n/messages.nl.json';
import type { FlowModel, StepDefinition } from '../core/types';
import type { ValidatorSet } from '../core/validate';
import { preloadFieldCode } from './fields';
import { StepForm } from './StepForm';
import { useStepContext } from './wizard/useStepContext';
import { createPipeline, type CompiledFlow } from '../../src/server/flows/pipeline/compileFlow';
import { loadFixtures } from '../../src/server/flows/fixtures';
import { flowInputs, loadPipelineSources } from '../../src/server/flows/sources';
import { createChangeQueue, preloadUiCode, widgets } from '../../widgets';
import { edited, type Json } from '../../tests/helpers/flowEdits';

afterEach(cleanup);
beforeAll(async () => {
  // As a step's page does: the code loaded on demand is there before the form renders.
  await Promise.all([preloadFieldCode(['ArrayField', 'NumberField', 'AnyOfField', 'OneOfField']), preloadUiCode([...Object.keys(widgets), 'Address'])]);
});

const t = createTranslate(nlMessages as Record<string, string>);
const compile = createPipeline(loadPipelineSources(process.cwd()));
const inputs = flowInputs(process.cwd(), { examples: true });

/** Records what a step throws while rendering, as the flow page's error boundary would show it. */
class Catch extends Component<{ onError: (error: Error) => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error) {
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

function Step({ step, data, validators }: { step: StepDefinition; data: Record<string, unknown>; validators: ValidatorSet }) {
  const [current, setCurrent] = useState(data);
  const working = useMemo(() => ({ [step.dataKey]: current }) as Environment, [step.dataKey, current]);
  const context = useStepContext({ step, choices: [], onChoose: () => undefined, working, shownErrors: {}, t, lang: 'nl', idPrefix: step.dataKey });
  const changes = useMemo(() => createChangeQueue((run) => run()), []);
  return <StepForm step={step} validators={validators} data={current} context={context} changes={changes} onChange={setCurrent} onBlur={() => undefined} />;
}

/** Renders a step as in effect for `data`; answers what it threw (nothing when it rendered). */
function renderStep(step: StepDefinition, data: Record<string, unknown>, validators: ValidatorSet, probe?: (container: HTMLElement) => void): Error[] {
  const errors: Error[] = [];
  const shown = stepInEffect(step, data, validators).step;
  const { container } = render(
    <Catch onError={(error) => errors.push(error)}>
      <Suspense fallback={<p>laden</p>}>
        <Step step={shown} data={data} validators={validators} />
      </Suspense>
    </Catch>,
  );
  if (errors.length === 0) expect(container.querySelector('.rjsf [data-field]'), `${step.id}: ${container.innerHTML.slice(0, 200)}`).not.toBeNull();
  if (errors.length === 0) probe?.(container);
  cleanup();
  return errors;
}

function compiled(input: (typeof inputs)[number]): CompiledFlow {
  const result = compile(input);
  if (!result.ok) throw new Error(`${input.file} geweigerd`);
  return result.flow;
}

describe('every step of every flow renders as the pipeline compiles it', () => {
  for (const input of inputs) {
    it(`${input.expectedId}: every step, empty and with each test case's data; in English empty`, () => {
      const flow = compiled(input);
      const fixtures = loadFixtures(process.cwd(), flow.flowId).map(({ fixture }) => fixture.data as FlowModel);
      let rendered = 0;
      for (const lang of ['nl', 'en'] as const) {
        for (const step of flow.content.documents[lang].steps) {
          // Each distinct start once: many test cases share a step's data.
          // The English document has the Dutch one's structure: its texts are what differ, so it is rendered empty.
          const starts = lang === 'nl' ? [{}, ...fixtures.map((model) => (model[step.dataKey] ?? {}) as Record<string, unknown>)] : [{}];
          const datas = [...new Map(starts.map((data) => [JSON.stringify(data), data])).values()];
          for (const data of datas) {
            expect(
              renderStep(step, data, flow.runtime.validators).map((error) => error.message),
              `${lang} ${step.id}`,
            ).toEqual([]);
            rendered += 1;
          }
        }
      }
      expect(rendered).toBeGreaterThanOrEqual(2 * flow.content.documents.nl.steps.length);
    });
  }
});

describe('a field the check accepts renders; one that could not render is refused', () => {
  const GETALLEN = inputs.find((input) => input.expectedId === 'voorbeeld-getallen')!;
  const odd: [string, Json, Json?][] = [
    ['choices without type', { title: 'Kleur', enum: ['rood', 'groen'] }],
    ['number choices without type', { title: 'Aantal', enum: [1, 2.5] }],
    ['yes/no choices without type', { title: 'Akkoord', enum: [true, false] }],
    ['a fixed value without type', { title: 'Vast', const: 'x' }],
    [
      'constants with titles without type',
      {
        title: 'Prioriteit',
        oneOf: [
          { const: 'laag', title: 'Laag' },
          { const: 'hoog', title: 'Hoog' },
        ],
      },
    ],
    ['type null', { type: 'null', title: 'Niets', description: 'Alleen uitleg' }],
    ['choices that are objects, without names', { title: 'Iets', enum: [{ a: 1 }, { b: 2 }] }],
    ['choices that are objects, of type object, without names', { type: 'object', title: 'Iets', enum: [{ a: 1 }, { b: 2 }] }],
    ['choices that are objects, with names', { title: 'Iets', enum: [{ a: 1 }, { b: 2 }] }, { 'ui:enumNames': ['A', 'B'] }],
    [
      'choices that are objects, of type object, as radios',
      { type: 'object', title: 'Iets', enum: [{ a: 1 }, { b: 2 }] },
      { 'ui:widget': 'radio', 'ui:enumNames': ['A', 'B'] },
    ],
    [
      'choices that are objects, with titles',
      {
        title: 'Iets',
        oneOf: [
          { const: { a: 1 }, title: 'A' },
          { const: { b: 2 }, title: 'B' },
        ],
      },
    ],
    ['choices that are objects and texts', { title: 'Iets', enum: [{ a: 1 }, 'b'] }],
    ['a field made of parts (allOf)', { allOf: [{ type: 'boolean' }, { title: 'Akkoord' }] }],
    ['choices of mixed kinds', { title: 'Iets', enum: [1, 'a'] }],
    ['no type at all', { title: 'Iets' }],
    ['a type list with null', { type: ['string', 'null'], title: 'Tekst of niets' }],
  ];
  for (const [name, schema, ui] of odd) {
    it(name, () => {
      const result = compile(
        edited(GETALLEN, (document) => {
          document.steps[0].schema.properties.probe = schema;
          if (ui) document.steps[0].uiSchema = { ...document.steps[0].uiSchema, probe: ui };
        }),
      );
      if (!result.ok) {
        expect(result.problems.map((problem) => problem.pointer)).toContainEqual(expect.stringContaining('/steps/0/schema/properties/probe'));
        return;
      }
      const step = result.flow.content.documents.nl.steps[0];
      // The field itself is on the page: a control to answer it with, or (type null) its text.
      const shown = (container: HTMLElement) => {
        const field = container.querySelector('[data-field="probe"]');
        expect(field, container.innerHTML.slice(0, 300)).not.toBeNull();
        if (schema.type !== 'null') expect(field!.querySelector('input, select, textarea'), field!.outerHTML).not.toBeNull();
      };
      expect(renderStep(step, {}, result.flow.runtime.validators, shown).map((error) => error.message)).toEqual([]);
    });
  }
});
