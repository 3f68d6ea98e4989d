// @vitest-environment jsdom
// On an English page, a text of the flow that has no current English is shown in Dutch and marked
// lang="nl": a field label, an option, a content block, the review's label and answer. The flow is
// the server certificate as the pipeline compiles it after a Dutch correction and a new block.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { useMemo } from 'react';
import { textLangOf } from '../core/dutchTexts';
import { withEnvironment, type Environment } from '../core/environment';
import { createTranslate, mergeResources } from '../core/i18n';
import englishMessages from '../core/i18n/messages.en.json';
import type { FlowDocument, StepDefinition } from '../core/types';
import type { ValidatorSet } from '../core/validate';
import englishWidgets from '../../widgets/i18n/en.json';
import { createChangeQueue } from '../../widgets';
import { createPipeline } from '../../src/server/flows/pipeline/compileFlow';
import { flowInputs, loadPipelineSources } from '../../src/server/flows/sources';
import { edited } from '../../tests/helpers/flowEdits';
import { ContentBlocks } from './ContentBlocks';
import { ReviewStep } from './ReviewStep';
import { StepForm } from './StepForm';
import { preloadStepCode } from './onDemand';
import { useStepContext } from './wizard/useStepContext';

afterEach(cleanup);

const t = createTranslate(mergeResources([englishMessages as Record<string, string>, englishWidgets as Record<string, string>]));

const compiled = (() => {
  const input = flowInputs(process.cwd()).find((candidate) => candidate.expectedId === 'aanvraag-servercertificaat')!;
  const changed = edited(input, (document) => {
    const field = document.steps[0].schema.properties.aanvragerIdentificeren;
    // A Dutch correction of the question and of one option: their English was written for the old Dutch.
    field.title = 'Hoe identificeert u zich?';
    field['x-enumNames'][0] = 'Via de uitgifteorganisatie';
    // A new block without English.
    document.confirmation.blocks.splice(2, 0, { kind: 'paragraph', text: 'Bewaar uw kenmerk.' });
  });
  const result = createPipeline(loadPipelineSources(process.cwd()))(changed);
  if (!result.ok) throw new Error('aanvraag-servercertificaat geweigerd');
  return result.flow;
})();
const flow: FlowDocument = compiled.content.documents.en;
const validators: ValidatorSet = compiled.runtime.validators;
const step = flow.steps[0];
const data = { isAbonnee: true, aanvragerIdentificeren: 0 };

// As a step's page does: the widgets of the step are there before the form renders.
beforeAll(() => preloadStepCode([step]));

function Step({ shown }: { shown: StepDefinition }) {
  const working = useMemo(() => ({ [shown.dataKey]: data }) as Environment, [shown.dataKey]);
  const context = useStepContext({
    step: shown,
    choices: [],
    onChoose: () => undefined,
    working,
    shownErrors: {},
    t,
    lang: 'en',
    textLang: textLangOf(flow),
    idPrefix: shown.dataKey,
  });
  const changes = useMemo(() => createChangeQueue((run) => run()), []);
  return <StepForm step={shown} validators={validators} data={data} context={context} changes={changes} onChange={() => undefined} onBlur={() => undefined} />;
}

describe('Dutch texts on an English page', () => {
  it('the compiled English document lists them', () => {
    expect([...(flow.dutchTexts ?? [])].sort()).toEqual(['Bewaar uw kenmerk.', 'Hoe identificeert u zich?', 'Via de uitgifteorganisatie']);
  });

  it('marks a field label and an option lang="nl", and leaves the English ones alone', () => {
    render(<Step shown={step} />);
    const group = screen.getByRole('radiogroup', { name: /Hoe identificeert u zich\?/ });
    const legend = document.getElementById(group.getAttribute('aria-labelledby')!)!;
    expect(legend.getAttribute('lang')).toBe('nl');
    expect(within(group).getByText('Via de uitgifteorganisatie').getAttribute('lang')).toBe('nl');
    expect(within(group).getByText('With an electronic signature').hasAttribute('lang')).toBe(false);
    expect(screen.getByText('Surname at birth').hasAttribute('lang')).toBe(false);
  });

  it('marks a content block lang="nl" and leaves the translated blocks alone', () => {
    const env = withEnvironment(flow, {});
    render(<ContentBlocks blocks={flow.confirmation.blocks} context={{ t, lang: 'en', textLang: textLangOf(flow) }} env={env} params={{ kenmerk: 'ABC' }} />);
    expect(screen.getByText('Bewaar uw kenmerk.').getAttribute('lang')).toBe('nl');
    expect(screen.getByText('Only the legal representative or an authorised applicant may sign the form.').hasAttribute('lang')).toBe(false);
  });

  it('marks the review’s label and the option chosen lang="nl"', () => {
    render(
      <ReviewStep flow={flow} model={{ [step.dataKey]: data }} validators={validators} t={t} lang="en" hrefFor={() => '#'} onChangeStep={() => undefined} />,
    );
    const label = screen.getByText('Hoe identificeert u zich?');
    expect(label.tagName).toBe('DT');
    expect(label.getAttribute('lang')).toBe('nl');
    expect(screen.getByText('Via de uitgifteorganisatie').getAttribute('lang')).toBe('nl');
    expect(screen.getByText('Is your organisation already a ZOVAR subscriber?').hasAttribute('lang')).toBe(false);
  });
});
