// @vitest-environment jsdom
// The test cases of a draft: per field what a case expects and gives now (a message, its exact text
// where the case pins the wording, data while hidden), where an adjustment comes from and its
// actions; under them 'Dekking', what no case reaches per step. No axe violations.
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../tests/helpers/axe';
import { beheerApi, type CoverageAnswer, type FixtureRun } from '../api';
import { FixturesPanel } from './FixturesPanel';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const DOCUMENT = JSON.stringify({
  id: 'proef',
  steps: [{ id: 'stap1', title: 'Organisatie', dataKey: 'organisatie', schema: { type: 'object', properties: {} } }],
});

const run = (name: string, more: Partial<FixtureRun>): FixtureRun => ({
  name,
  file: `proef/${name}`,
  source: 'repository',
  adjustment: null,
  description: name,
  step: null,
  wording: [],
  problems: [],
  differences: [],
  ...more,
});

const RUNS: FixtureRun[] = [
  run('12-nummers.json', {
    description: 'Nummers met de eigen melding',
    step: 'stap1',
    wording: [{ field: 'organisatie.kvkNummer', label: 'KVK-nummer' }],
    problems: ['…'],
    differences: [
      { field: 'organisatie.kvkNummer', label: 'KVK-nummer', expected: { state: 'message', message: 'Oud.' }, actual: { state: 'message', message: 'Nieuw.' } },
      { field: 'organisatie.adres.postcode', label: 'Postcode', group: 'Adres', expected: { state: 'message', message: null }, actual: { state: 'ok' } },
      { field: 'organisatie.extra', label: 'Extra', expected: { state: 'ok' }, actual: { state: 'hiddenWithData' } },
    ],
  }),
  run('13-aangepast.json', { description: 'Aangepast in het concept', source: 'aangepast', adjustment: 'concept' }),
  run('beheer-eigen.json', { description: 'Eigen geval', source: 'beheer', adjustment: 'versie' }),
];

const COVERAGE: CoverageAnswer = {
  concept: true,
  coverage: {
    flowId: 'proef',
    cases: 3,
    counts: [
      { kind: 'step', name: 'stappen', reached: 1, total: 1 },
      { kind: 'field', name: 'velden', reached: 1, total: 2 },
      { kind: 'derive', name: 'waarden die de flow zelf invult', reached: 0, total: 0 },
    ],
    items: [
      { id: 'a', kind: 'field', stepId: 'stap1', stepTitle: 'Organisatie', field: 'kvkNummer', label: 'KVK-nummer', reached: true, text: '…' },
      {
        id: 'b',
        kind: 'hidden',
        stepId: 'stap1',
        stepTitle: 'Organisatie',
        field: 'categorie',
        label: 'Categorie',
        reached: false,
        text: 'Niet getest: ‘Categorie’ verborgen.',
      },
    ],
  },
};

describe('the test cases of a draft', () => {
  it('says per field what a case expects and gives now, and what no case reaches', async () => {
    vi.spyOn(beheerApi, 'coverage').mockResolvedValue(COVERAGE);
    const { container } = render(<FixturesPanel flowId="proef" document={DOCUMENT} fixtures={RUNS} canEdit onAction={() => undefined} />);
    const failing = screen.getByRole('row', { name: /Nummers met de eigen melding/ });
    expect(within(failing).getByText('Stap ‘Organisatie’')).toBeTruthy();
    expect(within(failing).getByText('Tekst van de melding bij ‘KVK-nummer’')).toBeTruthy();
    expect(within(failing).getByText('‘KVK-nummer’: verwacht de melding ‘Oud.’, nu de melding ‘Nieuw.’')).toBeTruthy();
    expect(within(failing).getByText('‘Postcode’ in ‘Adres’: verwacht een melding, nu geen melding')).toBeTruthy();
    expect(within(failing).getByText('‘Extra’: verwacht geen melding, nu gegevens terwijl het veld verborgen is')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /Aangepast in het concept/ })).getByText('uitkomst aangepast in dit concept')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /Eigen geval/ })).getByText('uitkomst aangepast bij een eerdere publicatie')).toBeTruthy();

    const map = await screen.findByRole('region', { name: 'Dekking' });
    expect(await within(map).findByText('Velden: 1 van 2 getest')).toBeTruthy();
    expect(within(map).queryByText(/waarden die de flow zelf invult/i)).toBeNull();
    expect(
      within(within(map).getByRole('region', { name: 'Stap ‘Organisatie’: 1 niet getest' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Niet getest: ‘Categorie’ verborgen.']);
    await expectNoAxeViolations(container);
  });

  it('offers per case what fits it: take over a failing outcome, remove an adjustment or a case of its own', async () => {
    vi.spyOn(beheerApi, 'coverage').mockResolvedValue(COVERAGE);
    const takeOver = vi.spyOn(beheerApi, 'takeOverFixture').mockResolvedValue(undefined);
    const forget = vi.spyOn(beheerApi, 'deleteAdjustment').mockResolvedValue(undefined);
    const onAction = vi.fn((action: () => Promise<void>, _done: string) => void action());
    render(<FixturesPanel flowId="proef" document={DOCUMENT} fixtures={RUNS} canEdit onAction={onAction} />);
    const user = userEvent.setup();
    const [failing, adjusted, own] = [/Nummers met de eigen melding/, /Aangepast in het concept/, /Eigen geval/].map((name) =>
      screen.getByRole('row', { name }),
    );
    expect(within(failing).queryByRole('button', { name: /Aanpassing verwijderen/ })).toBeNull();
    await user.click(within(failing).getByRole('button', { name: 'Nieuwe uitkomst overnemen voor Nummers met de eigen melding' }));
    expect(takeOver).toHaveBeenCalledWith('proef', '12-nummers.json');
    await user.click(within(adjusted).getByRole('button', { name: 'Aanpassing verwijderen Aangepast in het concept' }));
    expect(forget).toHaveBeenCalledWith('proef', '13-aangepast.json');
    expect(within(adjusted).queryByRole('button', { name: /^Verwijderen/ })).toBeNull();
    expect(within(own).getByRole('button', { name: 'Verwijderen Eigen geval' })).toBeTruthy();
    expect(onAction.mock.calls.map((call) => call[1])).toEqual([
      "De nieuwe uitkomst van 'Nummers met de eigen melding' is overgenomen in dit concept.",
      "De aanpassing van 'Aangepast in het concept' is verwijderd.",
    ]);
  });
});
