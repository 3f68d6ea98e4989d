/**
 * Coverage of a flow by its test cases (renderer/core/caseCoverage): on a small flow, each kind of thing
 * a case can reach — a step, a field, a visibility rule both ways, a value the flow sets itself, a
 * cross-field rule, each message a field can show — is listed in a sentence until a case reaches it;
 * on a shipped flow, what its fixtures leave unchecked, and that `npm run flows:coverage` maps every
 * flow and exits 0.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { flowCoverage, type CoverageCase, type FlowCoverage } from '../../renderer/core/caseCoverage';
import { labelOf } from '../../renderer/core/schemaPaths';
import { loadFixtures } from '../../src/server/flows/fixtures';
import { compileShippedFlows } from '../../src/server/flows/sources';
import { loadTranslations } from '../../src/server/i18n';
import { flow, validators } from './caseFlow';
import { t } from './support';

const unreached = (coverage: FlowCoverage) => coverage.items.filter((item) => !item.reached).map((item) => item.text);
const count = (coverage: FlowCoverage, kind: string) => coverage.counts.find((entry) => entry.kind === kind)!;

describe('coverage of a small flow', () => {
  it('lists everything no case reaches, in sentences with the fields’ labels', () => {
    const coverage = flowCoverage(flow, [], validators, t);
    expect(coverage.cases).toBe(0);
    expect(unreached(coverage)).toEqual([
      'Niet getest: stap ‘Aanvraag’ — geen testgeval vult hem in of krijgt er een melding.',
      'Niet getest: ‘Naam’ — geen testgeval vult het in of krijgt er een melding bij.',
      'Melding ‘Het veld … is niet ingevuld.’ van ‘Naam’ komt in geen testgeval voor.',
      'Melding ‘Het veld … is ongeldig. Er mogen maximaal 10 tekens ingevuld worden.’ van ‘Naam’ komt in geen testgeval voor.',
      'Niet getest: ‘Soort’ — geen testgeval vult het in of krijgt er een melding bij.',
      'Melding ‘Het veld … is niet ingevuld.’ van ‘Soort’ komt in geen testgeval voor.',
      'Melding ‘Het veld … is ongeldig.’ van ‘Soort’ komt in geen testgeval voor.',
      'Niet getest: ‘Toelichting’ — geen testgeval vult het in of krijgt er een melding bij.',
      'Melding ‘Alleen kleine letters.’ van ‘Toelichting’ komt in geen testgeval voor.',
      'Niet getest: ‘Code’ — geen testgeval vult het in of krijgt er een melding bij.',
      'Regel over meer velden bij ‘Naam’ (melding ‘Het veld … mag niet x zijn.’) slaat in geen testgeval aan.',
      'Niet getest: ‘Toelichting’ zichtbaar.',
      'Niet getest: ‘Toelichting’ verborgen.',
      'Niet getest: ‘Code’ door de flow zelf ingevuld.',
      'Niet getest: stap ‘Extra’ — geen testgeval vult hem in of krijgt er een melding.',
      'Niet getest: ‘Personen’ — geen testgeval vult het in of krijgt er een melding bij.',
      'Melding ‘Het veld … is ongeldig. Er mogen maximaal 2 items toegevoegd worden.’ van ‘Personen’ komt in geen testgeval voor.',
      'Niet getest: ‘Naam’ in ‘Personen’ — geen testgeval vult het in of krijgt er een melding bij.',
      'Melding ‘Het veld … is niet ingevuld.’ van ‘Naam’ in ‘Personen’ komt in geen testgeval voor.',
      'Niet getest: ‘Aantal’ — geen testgeval vult het in of krijgt er een melding bij.',
      'Melding ‘Het veld … is ongeldig. Vul een geheel getal in.’ van ‘Aantal’ komt in geen testgeval voor.',
      'Melding ‘Het veld … is ongeldig. De waarde mag niet kleiner zijn dan 1.’ van ‘Aantal’ komt in geen testgeval voor.',
    ]);
    expect(coverage.counts.map(({ kind, reached, total }) => [kind, reached, total])).toEqual([
      ['step', 0, 2],
      ['field', 0, 7],
      ['shown', 0, 2],
      ['rule', 0, 1],
      ['derive', 0, 1],
      ['message', 0, 9],
    ]);
  });

  it('counts what each case reaches: a message, a rule both ways, a derived value, a rule over fields, a step checked alone', () => {
    const cases: CoverageCase[] = [
      { data: {} },
      { data: { aanvraag: { naam: 'x', soort: 'a', code: 'A' } } },
      { data: { aanvraag: { naam: 'Elfletters!', soort: 'c', toelichting: 'Hoofdletter' } } },
      { data: { aanvraag: { naam: 'Piet', soort: 'b', toelichting: 'Hoofdletter' } } },
      { step: 'stap2', data: { extra: { personen: [{ naam: 'A' }, {}, { naam: 'C' }], aantal: 0 } } },
    ];
    const coverage = flowCoverage(flow, cases, validators, t);
    expect(unreached(coverage)).toEqual(['Melding ‘Het veld … is ongeldig. Vul een geheel getal in.’ van ‘Aantal’ komt in geen testgeval voor.']);
    expect(count(coverage, 'shown')).toMatchObject({ reached: 2, total: 2 });
    // A case of one step reaches nothing of another.
    const alone = flowCoverage(flow, [cases[4]], validators, t);
    expect(alone.items.filter((item) => item.stepId === 'stap1').every((item) => !item.reached)).toBe(true);
    expect(count(alone, 'step')).toMatchObject({ reached: 1, total: 2 });
  });
});

describe('coverage of the shipped flows', () => {
  const flows = compileShippedFlows(process.cwd(), { examples: true });
  const casesOf = (flowId: string) =>
    loadFixtures(process.cwd(), flowId).map(({ fixture }) => ({ data: fixture.data, ...(fixture.step ? { step: fixture.step } : {}) }));

  it('maps what the fixtures of a shipped flow leave unchecked, and a gap when the cases that reach it go', () => {
    const compiled = flows.get('aanleveren-documenten')!;
    const document = compiled.content.documents.nl;
    const cases = casesOf('aanleveren-documenten');
    const coverage = flowCoverage(document, cases, compiled.runtime.validators, t, compiled.content.lists.nl);
    expect(coverage.cases).toBe(cases.length);
    for (const kind of ['step', 'field', 'shown']) expect(count(coverage, kind).reached, kind).toBe(count(coverage, kind).total);
    // Only limits no case goes past are left: the longest name and e-mail address.
    expect(coverage.items.filter((item) => !item.reached).map((item) => [item.field, item.message?.key])).toEqual([
      ['abonneeNaam', 'maxLength'],
      ['emailAdresContactpersoon', 'maxLength'],
    ]);

    // Without the cases of type 'Wijziging' (4), nothing shows 'Soort wijziging' any more.
    const documents = document.steps.find((step) => step.dataKey === 'documenten')!;
    const without = cases.filter((entry) => (entry.data.documenten as { aanvraagType?: number } | undefined)?.aanvraagType !== 4);
    const gaps = flowCoverage(document, without, compiled.runtime.validators, t, compiled.content.lists.nl).items.filter((item) => !item.reached);
    expect(gaps.map((item) => item.text)).toContain(`Niet getest: ‘${labelOf(documents.schema, 'aanvraagTypeWijziging')}’ zichtbaar.`);
  });

  it('maps every shipped and example flow; `npm run flows:coverage -- --json` gives the same per flow and exits 0', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/flows-coverage.ts', '--json'], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const printed = JSON.parse(run.stdout) as FlowCoverage[];
    expect(printed.map((entry) => entry.flowId).sort()).toEqual([...flows.keys()].sort());
    for (const entry of printed) {
      const compiled = flows.get(entry.flowId)!;
      const coverage = flowCoverage(
        compiled.content.documents.nl,
        casesOf(entry.flowId),
        compiled.runtime.validators,
        loadTranslations().nl,
        compiled.content.lists.nl,
      );
      expect(entry.counts, entry.flowId).toEqual(coverage.counts);
      expect(count(coverage, 'step').reached, entry.flowId).toBe(count(coverage, 'step').total);
    }
  });
});
