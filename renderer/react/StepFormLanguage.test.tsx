// @vitest-environment jsdom
/**
 * A step drawn before the English texts arrived (an English page renders at once and loads them
 * beside it) shows the widgets' own texts in English once they are there: rjsf holds functions equal
 * when it compares a field's props, so the translate function alone would leave 'Ja'/'Nee'.
 */
import { useMemo, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { Environment } from '../core/environment';
import { createTranslate, type Translate } from '../core/i18n';
import nlMessages from '../core/i18n/messages.nl.json';
import { StepForm } from './StepForm';
import { useStepContext } from './wizard/useStepContext';
import { createPipeline } from '../../src/server/flows/pipeline/compileFlow';
import { flowInputs, loadPipelineSources } from '../../src/server/flows/sources';
import { createChangeQueue } from '../../widgets';
import widgetsEn from '../../widgets/i18n/en.json';

afterEach(cleanup);

const compiled = (() => {
  const input = flowInputs(process.cwd()).find((candidate) => candidate.expectedId === 'aanvraag-servercertificaat')!;
  const result = createPipeline(loadPipelineSources(process.cwd()))(input);
  if (!result.ok) throw new Error('aanvraag-servercertificaat geweigerd');
  return result.flow;
})();
const step = compiled.content.documents.en.steps[0];

let switchTo: (t: Translate) => void = () => undefined;

function Step({ initial }: { initial: Translate }) {
  const [t, setT] = useState<Translate>(() => initial);
  switchTo = (next) => setT(() => next);
  const working = useMemo(() => ({ [step.dataKey]: {} }) as Environment, []);
  const context = useStepContext({ step, choices: [], onChoose: () => undefined, working, shownErrors: {}, t, lang: 'en', idPrefix: step.dataKey });
  const changes = useMemo(() => createChangeQueue((run) => run()), []);
  return (
    <StepForm
      step={step}
      validators={compiled.runtime.validators}
      data={{}}
      context={context}
      changes={changes}
      onChange={() => undefined}
      onBlur={() => undefined}
    />
  );
}

describe('StepForm when the English texts arrive', () => {
  it("draws the yes/no question's own texts again in English", () => {
    // Before the English texts are there, an English page's translate falls back to Dutch.
    render(<Step initial={createTranslate(nlMessages as Record<string, string>)} />);
    expect(screen.getByRole('radio', { name: 'Nee' })).toBeTruthy();
    act(() => switchTo(createTranslate({ ...(nlMessages as Record<string, string>), ...(widgetsEn as Record<string, string>) })));
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'No' })).toBeTruthy();
  });
});
