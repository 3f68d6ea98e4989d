// @vitest-environment jsdom
// The repeating group through the real renderer (StepForm with the portal's templates and widgets)
// on the example flow voorbeeld-herhalende-groep as the pipeline compiles it: item headings from the
// template, buttons that name their item, focus after each change, the status message, and a field
// hidden per item by its own item's answer.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useMemo, useState } from 'react';
import { createTranslate } from '../../renderer/core/i18n';
import nlMessages from '../../renderer/core/i18n/messages.nl.json';
import type { Environment } from '../../renderer/core/environment';
import type { StepDefinition } from '../../renderer/core/types';
import type { ValidatorSet } from '../../renderer/core/validate';
import { StepForm } from '../../renderer/react/StepForm';
import { useStepContext } from '../../renderer/react/wizard/useStepContext';
import { createPipeline } from '../../src/server/flows/pipeline/compileFlow';
import { flowInputs, loadPipelineSources } from '../../src/server/flows/sources';
import { createChangeQueue } from '..';
import { preloadFieldCode } from '../../renderer/react/fields';

afterEach(cleanup);
// As a step's page does: the list code is there before the form renders.
beforeAll(() => preloadFieldCode(['ArrayField']));

const t = createTranslate(nlMessages as Record<string, string>);

const compiled = (() => {
  const input = flowInputs(process.cwd(), { examples: true }).find((candidate) => candidate.expectedId === 'voorbeeld-herhalende-groep')!;
  const result = createPipeline(loadPipelineSources(process.cwd()))(input);
  if (!result.ok) throw new Error('voorbeeld-herhalende-groep geweigerd');
  return result.flow;
})();
const [PERSONEN, TAKEN] = compiled.content.documents.nl.steps;
const validators: ValidatorSet = compiled.runtime.validators;

/** A step on screen as the wizard shows it: the data kept here, the renderer context from the wizard's hook. */
function Step({ step, initial, onData }: { step: StepDefinition; initial: Record<string, unknown>; onData?: (data: Record<string, unknown>) => void }) {
  const [data, setData] = useState(initial);
  const working = useMemo(() => ({ [step.dataKey]: data }) as Environment, [step.dataKey, data]);
  const context = useStepContext({ step, choices: [], onChoose: () => undefined, working, shownErrors: {}, t, lang: 'nl', idPrefix: step.dataKey });
  const changes = useMemo(() => createChangeQueue((run) => run()), []);
  return (
    <StepForm
      step={step}
      validators={validators}
      data={data}
      context={context}
      changes={changes}
      onChange={(next) => {
        setData(next);
        onData?.(next);
      }}
      onBlur={() => undefined}
    />
  );
}

const person = (naam: string, heeftBsn = false) => ({ naam, heeftBsn });

function showPeople(people: Record<string, unknown>[]) {
  let latest: Record<string, unknown> = { personen: people };
  render(<Step step={PERSONEN} initial={{ personen: people }} onData={(data) => (latest = data)} />);
  return { data: () => latest };
}

const legends = () => Array.from(document.querySelectorAll('.widget-repeat__item > legend')).map((legend) => legend.textContent);
const status = () => document.querySelector('.widget-repeat [role=status]')?.textContent;
const click = (name: string) => act(() => void fireEvent.click(screen.getByRole('button', { name })));

describe('RepeatingGroup in the renderer', () => {
  it('heads each item from the item title template', () => {
    showPeople([person('Jansen'), person('de Vries')]);
    expect(legends()).toEqual(['Persoon 1', 'Persoon 2']);
  });

  it('names the item each button acts on, in Dutch', () => {
    showPeople([person('Jansen'), person('de Vries')]);
    expect(screen.getByRole('button', { name: 'Verwijder persoon 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Verwijder persoon 2' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Verplaats persoon 1 omlaag' }).textContent).toBe('Omlaag');
    expect(screen.getByRole('button', { name: 'Verplaats persoon 2 omhoog' }).textContent).toBe('Omhoog');
    expect(screen.queryByRole('button', { name: 'Verplaats persoon 1 omhoog' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Verplaats persoon 2 omlaag' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Persoon toevoegen' })).toBeTruthy();
  });

  it("names the add button after the item when the flow gives no label ('Taak toevoegen')", () => {
    render(<Step step={TAKEN} initial={{ taken: [] }} />);
    expect(screen.getByRole('button', { name: 'Taak toevoegen' })).toBeTruthy();
    expect(screen.getByText('Er is nog niets toegevoegd.')).toBeTruthy();
  });

  it("moves focus to the new item's first field after adding, and says so", async () => {
    const { data } = showPeople([person('Jansen'), person('de Vries')]);
    await click('Persoon toevoegen');
    expect(legends()).toEqual(['Persoon 1', 'Persoon 2', 'Persoon 3']);
    expect(document.activeElement?.id).toBe('personen_personen_2_naam');
    expect(status()).toBe('Persoon 3 is toegevoegd.');
    expect((data().personen as unknown[]).length).toBe(3);
  });

  it('offers no add button once maxItems is reached', () => {
    showPeople([person('A'), person('B'), person('C'), person('D')]);
    expect(screen.queryByRole('button', { name: 'Persoon toevoegen' })).toBeNull();
  });

  it('after removing, moves focus to the item now in its place and says which was removed', async () => {
    const { data } = showPeople([person('Jansen'), person('de Vries'), person('Bakker')]);
    await click('Verwijder persoon 2');
    expect(legends()).toEqual(['Persoon 1', 'Persoon 2']);
    expect(data().personen).toEqual([person('Jansen'), person('Bakker')]);
    expect(document.activeElement?.id).toBe('personen_personen_1_naam');
    expect((document.activeElement as HTMLInputElement).value).toBe('Bakker');
    expect(status()).toBe('Persoon 2 is verwijderd.');
  });

  it('after removing the last item, moves focus to the item before it', async () => {
    showPeople([person('Jansen'), person('de Vries')]);
    await click('Verwijder persoon 2');
    expect(document.activeElement?.id).toBe('personen_personen_0_naam');
    expect(status()).toBe('Persoon 2 is verwijderd.');
  });

  it('after removing the only item, moves focus to the add button', async () => {
    render(<Step step={TAKEN} initial={{ taken: [{ titel: 'Formulier invullen' }] }} />);
    await click('Verwijder taak 1');
    expect(legends()).toEqual([]);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Taak toevoegen' }));
    expect(status()).toBe('Taak 1 is verwijderd.');
  });

  it('after moving, keeps focus on the moved item and says where it is now', async () => {
    const { data } = showPeople([person('Jansen'), person('de Vries'), person('Bakker')]);
    await click('Verplaats persoon 1 omlaag');
    expect((data().personen as { naam: string }[]).map((entry) => entry.naam)).toEqual(['de Vries', 'Jansen', 'Bakker']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Verplaats persoon 2 omlaag' }));
    expect(status()).toBe('Persoon 1 staat nu op plaats 2.');
    await click('Verplaats persoon 3 omhoog');
    expect((data().personen as { naam: string }[]).map((entry) => entry.naam)).toEqual(['de Vries', 'Bakker', 'Jansen']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Verplaats persoon 2 omhoog' }));
    expect(status()).toBe('Persoon 3 staat nu op plaats 2.');
  });

  it("shows an item's BSN field only in the item whose own answer asks for it", () => {
    showPeople([person('Jansen', true), person('de Vries', false)]);
    expect(document.getElementById('personen_personen_0_bsn')).not.toBeNull();
    expect(document.getElementById('personen_personen_1_bsn')).toBeNull();
    expect(document.getElementById('personen_personen_1_naam')).not.toBeNull();
  });
});
