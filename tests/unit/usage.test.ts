/**
 * Where a field, an option or a step is used (src/shared/usage), on the shipped flows: each use in
 * an administrator's words, and removing it with its uses — or renaming a field — leaves a
 * definition the pipeline accepts (for every field, option and step of every shipped and example
 * flow), while leaving a use that breaks is refused at that use. Labels come from the flow files, so
 * a corrected label does not fail these tests.
 */
import { describe, expect, it } from 'vitest';
import { editTexts, renameInTexts } from '../../src/beheer/editor/impactEdits';
import { createPipeline, type FlowInput } from '../../src/server/flows/pipeline/compileFlow';
import { flowInputs, loadPipelineSources } from '../../src/server/flows/sources';
import { analyse } from '../../src/shared/usage/analyse';
import { fieldKeys, stepsOf, type Json } from '../../src/shared/usage/document';
import { conditionWithoutField, conditionWithoutOption, valueWithoutField } from '../../src/shared/usage/logic';
import { renamedPath, renameProblem } from '../../src/shared/usage/rename';
import type { Edit, Target, Usage } from '../../src/shared/usage/types';

const compile = createPipeline(loadPipelineSources(process.cwd()));
const inputs = flowInputs(process.cwd(), { examples: true });
const input = (id: string) => inputs.find((candidate) => candidate.expectedId === id)!;
const PAS = 'aanvraag-zorgverlenerpas';
const ZORGVERLENER = 'abonneeregistratie-zorgverlener';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- reading the parsed flow file freely
type Doc = Record<string, any>;
const documentOf = (id: string): Doc => JSON.parse(input(id).text) as Doc;
const textsOf = (flow: FlowInput) => ({ document: flow.text, english: flow.english?.text ?? '' });
const stepIndex = (id: string, stepId: string) => (documentOf(id).steps as Doc[]).findIndex((step) => step.id === stepId);
const title = (id: string, stepId: string, key: string): string => documentOf(id).steps[stepIndex(id, stepId)].schema.properties[key].title as string;
const everything = (usage: Usage): Edit[] => [...usage.edits, ...usage.uses.filter((use) => use.preselect).flatMap((use) => use.edits)];

/** The pipeline's errors and its warnings for the flow with both texts edited. */
function check(flow: FlowInput, texts: { document: string; english: string }): { errors: string[]; warnings: string[] } {
  const result = compile({ ...flow, text: texts.document, ...(flow.english ? { english: { ...flow.english, text: texts.english } } : {}) });
  if (!result.ok)
    return {
      errors: result.problems.filter((problem) => problem.severity === 'error').map((problem) => `${problem.pointer} ${problem.message}`),
      warnings: [],
    };
  return { errors: [], warnings: result.warnings.map((problem) => problem.message) };
}

function usageOf(id: string, target: Target): Usage {
  return analyse(documentOf(id) as Json, target);
}

describe('where a part of a flow is used', () => {
  it('names the uses of a field read by rules, a computed text and the printed form’s signers in an administrator’s words, and removes them with it', () => {
    const step = stepIndex(PAS, 'stap1');
    const usage = usageOf(PAS, { kind: 'field', step, key: 'aangevraagdDoorWettelijkVertegenwoordiger' });
    const label = `‘${title(PAS, 'stap1', 'aangevraagdDoorWettelijkVertegenwoordiger')}’`;
    const signers = (documentOf(PAS).confirmation.download.signers as Doc[]).map((signer) => signer.title as string);
    expect(usage.name).toBe(`het veld ${label}`);
    const texts = usage.uses.map((use) => use.text);
    for (const signer of signers) expect(texts).toContain(`ondertekenaar ‘${signer}’ op het formulier`);
    expect(texts).toContain(`de regel ‘Wanneer tonen’ van ‘${title(PAS, 'stap1', 'geboorteNaamAanvrager')}’`);
    expect(texts.find((text) => text.startsWith('de berekende tekst {aanvrager}'))).toMatch(/\(gebruikt in ‘.*\{aanvrager\}’ en \d+ andere teksten\)$/);
    const rule = usage.uses.find((use) => use.text.includes(title(PAS, 'stap1', 'voornamenAanvrager')))!;
    expect(rule.remedy).toBe(`De voorwaarde over ${label} gaat uit de regel; de andere voorwaarden blijven.`);
    expect(usage.uses.find((use) => use.text.includes(signers[0]))!.remedy).toMatch(/wordt verwijderd: het zou zonder .* nooit meer getoond worden\.$/);
    // Words only: no keys, paths or rule syntax.
    for (const use of usage.uses) expect(`${use.text} ${use.remedy}`).not.toMatch(/aangevraagdDoor|gegevensAanvrager|\/steps|visibleIf|nameFrom|"var"/);
    expect(usage.uses.every((use) => use.breaks && use.preselect)).toBe(true);

    const flow = input(PAS);
    expect(check(flow, editTexts(textsOf(flow), everything(usage)))).toEqual({ errors: [], warnings: [] });
    // Left alone, each of them is refused at its place.
    const { errors } = check(flow, editTexts(textsOf(flow), usage.edits));
    for (const pointer of [
      '/variables/aanvrager',
      '/confirmation/download/signers/0/visibleIf',
      '/confirmation/download/signers/1/visibleIf',
      `/steps/${step}/visibleIf/geboorteNaamAanvrager`,
    ]) {
      expect(
        errors.some((error) => error.startsWith(`${pointer} `)),
        pointer,
      ).toBe(true);
    }
  });

  it('takes a field out of a signer’s printed name, and keeps a field whose rule read the removed one', () => {
    const usage = usageOf(PAS, { kind: 'field', step: stepIndex(PAS, 'stap1'), key: 'voornamenAanvrager' });
    const signers = (documentOf(PAS).confirmation.download.signers as Doc[]).map((signer) => signer.title as string);
    expect(usage.uses.map((use) => [use.text, use.remedy])).toEqual(
      signers.map((signer) => [
        `de naam van ondertekenaar ‘${signer}’ op het formulier`,
        `‘${title(PAS, 'stap1', 'voornamenAanvrager')}’ wordt niet meer in de naam gedrukt.`,
      ]),
    );
    const flow = input(PAS);
    const edited = JSON.parse(editTexts(textsOf(flow), everything(usage)).document) as Doc;
    expect(edited.confirmation.download.signers[0].nameFrom).toEqual(['gegevensAanvrager.tussenVoegselAanvrager', 'gegevensAanvrager.geboorteNaamAanvrager']);

    const group = usageOf(ZORGVERLENER, { kind: 'field', step: stepIndex(ZORGVERLENER, 'stap2'), key: 'persoonsgegevens' });
    const name = group.uses.find((use) => use.text.startsWith('de naam van ondertekenaar'))!;
    expect(name.remedy).toBe('Er wordt geen naam meer gedrukt; de ondertekenaar schrijft die zelf op.');
    expect(check(input(ZORGVERLENER), editTexts(textsOf(input(ZORGVERLENER)), everything(group))).errors).toEqual([]);
  });

  it('adjusts the rules that compare with a removed option of kwaliteitsregister, removes what was shown only for it, and nothing compares with it after', () => {
    const step = stepIndex(ZORGVERLENER, 'stap3');
    const flow = input(ZORGVERLENER);
    const boxes = documentOf(ZORGVERLENER).steps[step].boxes as Doc[];
    const four = analyse(documentOf(ZORGVERLENER) as Json, { kind: 'option', step, key: 'kwaliteitsregister', value: 4 }, { optionLabel: 'Overig' });
    expect(four.name).toBe(`de keuze ‘Overig’ bij ‘${title(ZORGVERLENER, 'stap3', 'kwaliteitsregister')}’`);
    const byText = new Map(four.uses.map((use) => [use.text, use.remedy]));
    expect(byText.get(`de waarschuwing ‘${boxes.find((box) => box.id === 'diplomatoets')!.title as string}’`)).toMatch(
      /wordt verwijderd: het werd alleen getoond bij de keuze ‘Overig’/,
    );
    expect(byText.get(`de regel ‘Wanneer tonen’ van ‘${title(ZORGVERLENER, 'stap3', 'opleidingstitel')}’`)).toMatch(
      /^De keuze ‘Overig’ bij .* gaat uit de regel; de andere voorwaarden blijven\.$/,
    );
    expect([...byText.keys()].some((text) => text.startsWith('het document ') && text.endsWith(' op de bevestigingspagina'))).toBe(true);

    const edited = editTexts(textsOf(flow), everything(four));
    expect(check(flow, edited)).toEqual({ errors: [], warnings: [] });
    const after = JSON.parse(edited.document) as Doc;
    expect(after.steps[step].visibleIf.opleidingstitel).toEqual({
      and: [{ '==': [{ var: 'toetsingsGegevens.beroepsArtikel' }, 2] }, { in: [{ var: 'toetsingsGegevens.kwaliteitsregister' }, [1, 2]] }],
    });
    expect(after.steps[step].boxes.map((box: Doc) => box.id)).toEqual(['mondhygienist']);
    // No rule compares the field with the removed value any more.
    expect(edited.document).not.toMatch(/"var": "toetsingsGegevens\.kwaliteitsregister"\s*\},\s*4\b/);

    const two = usageOf(ZORGVERLENER, { kind: 'option', step, key: 'kwaliteitsregister', value: 2 });
    const afterTwo = JSON.parse(editTexts(textsOf(flow), everything(two)).document) as Doc;
    expect(afterTwo.variables.registerLengte).toEqual({ if: [11] });
    expect(afterTwo.steps[step].derive).toBeUndefined();
    expect(afterTwo.steps[step].rules.map((rule: Doc) => rule.id)).toEqual(['inschrijfnummer-lengte']);
    expect(check(flow, editTexts(textsOf(flow), everything(two))).errors).toEqual([]);
  });

  it('lists what removing a step takes from the rest of the flow', () => {
    const step = stepIndex(ZORGVERLENER, 'stap2');
    const usage = usageOf(ZORGVERLENER, { kind: 'step', step });
    const name = `‘${documentOf(ZORGVERLENER).steps[step].title as string}’`;
    expect(usage.name).toBe(`de stap ${name}`);
    expect(usage.paths).toEqual(['gemachtigdAanvrager']);
    expect(usage.own[0].text).toMatch(/^de 7 vragen ‘/);
    expect(usage.uses.map((use) => use.text)).toEqual(
      expect.arrayContaining(['ondertekenaar ‘Gemachtigd aanvrager’ op het formulier', 'de naam van ondertekenaar ‘Gemachtigd aanvrager’ op het formulier']),
    );
    const flow = input(ZORGVERLENER);
    expect(check(flow, editTexts(textsOf(flow), everything(usage)))).toEqual({ errors: [], warnings: [] });
  });

  it('renames a field’s data key everywhere it is named, its English included, and refuses a name that cannot be one', () => {
    const flow = input(PAS);
    const step = stepIndex(PAS, 'stap1');
    const renamed = renameInTexts(textsOf(flow), step, 'voornamenAanvrager', 'voornamen');
    const after = JSON.parse(renamed.document) as Doc;
    expect(Object.keys(after.steps[step].schema.properties)).toContain('voornamen');
    expect(Object.keys(after.steps[step].schema.properties).indexOf('voornamen')).toBe(
      Object.keys(documentOf(PAS).steps[step].schema.properties).indexOf('voornamenAanvrager'),
    );
    expect(after.steps[step].schema.required).toContain('voornamen');
    expect(Object.keys(after.steps[step].visibleIf)).toContain('voornamen');
    expect(after.confirmation.download.signers[0].nameFrom[0]).toBe('gegevensAanvrager.voornamen');
    expect(renamed.document).not.toContain('voornamenAanvrager');
    const english = JSON.parse(renamed.english) as Record<string, unknown>;
    expect(Object.keys(english)).toContain(`steps.stap1.schema.properties.voornamen.title`);
    expect(Object.keys(english).some((key) => key.includes('voornamenAanvrager'))).toBe(false);
    expect(check(flow, renamed)).toEqual({ errors: [], warnings: [] });

    const document = documentOf(PAS) as Json;
    expect(renameProblem(document, step, 'voornamenAanvrager', '')).toBe("Het veld 'Nieuwe naam in de gegevens' is niet ingevuld.");
    expect(renameProblem(document, step, 'voornamenAanvrager', 'voor namen')).toMatch(/^Een naam in de gegevens begint met een letter/);
    expect(renameProblem(document, step, 'voornamenAanvrager', 'abonneeNaam')).toBe('Een ander veld van deze stap heeft die naam al.');
    expect(renameProblem(document, step, 'voornamenAanvrager', 'voornamenAanvrager')).toBe('Dit is al de naam van het veld.');
    expect(renameProblem(document, step, 'voornamenAanvrager', 'voornamen')).toBeUndefined();
    expect(renamedPath('personen.1.naam', 'personen.naam', 'volledigeNaam')).toBe('personen.1.volledigeNaam');
    expect(renamedPath('gegevens.persoon.voornamen', 'gegevens.persoon', 'pashouder')).toBe('gegevens.pashouder.voornamen');
    expect(renamedPath('gegevens.persoonlijk', 'gegevens.persoon', 'pashouder')).toBeUndefined();
  });

  it('moves the English of the items after a removed one up a place, and drops the English of what went', () => {
    const flow = input(PAS);
    const english = JSON.parse(flow.english!.text) as Record<string, { nl: string; en: string }>;
    const edited = editTexts(textsOf(flow), [{ op: 'remove', path: ['confirmation', 'download', 'signers', 0] }]);
    const after = JSON.parse(edited.english) as Record<string, { nl: string; en: string }>;
    expect(after['confirmation.download.signers.0.title']).toEqual(english['confirmation.download.signers.1.title']);
    expect(after['confirmation.download.signers.1.title']).toBeUndefined();
    expect(Object.keys(after).filter((key) => !key.startsWith('confirmation.download.signers'))).toEqual(
      Object.keys(english).filter((key) => !key.startsWith('confirmation.download.signers')),
    );
    expect(check(flow, edited)).toEqual({ errors: [], warnings: [] });
  });

  it('leaves every shipped and example flow acceptable after removing any field, option or step with its uses, or renaming any field', () => {
    let checked = 0;
    for (const flow of inputs) {
      const document = JSON.parse(flow.text) as Doc;
      const before = check(flow, textsOf(flow));
      expect(before.errors, flow.file).toEqual([]);
      const same = (texts: { document: string; english: string }, what: string) => {
        const after = check(flow, texts);
        expect(after.errors, `${flow.file}: ${what}`).toEqual([]);
        expect(
          after.warnings.filter((warning) => !before.warnings.includes(warning)),
          `${flow.file}: ${what}`,
        ).toEqual([]);
        checked += 1;
      };
      stepsOf(document as Json).forEach((step, index) => {
        for (const key of fieldKeys(step)) {
          same(editTexts(textsOf(flow), everything(analyse(document as Json, { kind: 'field', step: index, key }))), `veld ${key} verwijderen`);
          same(renameInTexts(textsOf(flow), index, key, `${key.split('.').at(-1)!}Nieuw`), `veld ${key} hernoemen`);
          const [group, sub] = key.split('.');
          const properties = (step as Doc).schema.properties as Doc;
          const schema = sub === undefined ? properties[group] : properties[group].items.properties[sub];
          const choices = (schema.items ?? schema) as Doc;
          const values: unknown[] = choices.enum ?? (choices.oneOf as Doc[] | undefined)?.map((option) => option.const) ?? [];
          for (const value of values) {
            same(
              editTexts(textsOf(flow), everything(analyse(document as Json, { kind: 'option', step: index, key, value: value as string }))),
              `keuze ${String(value)} van ${key} verwijderen`,
            );
          }
        }
        if (document.steps.length > 1)
          same(editTexts(textsOf(flow), everything(analyse(document as Json, { kind: 'step', step: index }))), `stap ${index + 1} verwijderen`);
      });
    }
    expect(checked).toBeGreaterThan(300);
  });
});

describe('rules without the removed field or option', () => {
  const X = { var: 'a.x' };
  const reads = (name: string) => name === 'a.x';
  it('drops the conditions on the field from a field’s own rule, keeping the others', () => {
    expect(conditionWithoutField({ and: [{ '==': [{ var: 'a.y' }, 1] }, { in: [X, [1, 2]] }] }, reads, 'drop')).toEqual({
      rule: { '==': [{ var: 'a.y' }, 1] },
    });
    expect(conditionWithoutField({ '==': [X, 4] }, reads, 'drop')).toBe('always');
    expect(conditionWithoutField({ or: [{ '!=': [X, null] }, { var: 'a.y' }] }, reads, 'drop')).toEqual({ rule: { var: 'a.y' } });
  });
  it('decides what the field’s value decided, with a test whether it is filled in vanishing', () => {
    expect(conditionWithoutField({ and: [{ '==': [{ var: 'a.y' }, 1] }, { '==': [X, 4] }] }, reads, 'absent')).toBe('never');
    expect(conditionWithoutField({ '!=': [X, 2] }, reads, 'absent')).toBe('always');
    expect(conditionWithoutField({ and: [{ '!=': [X, null] }, { var: 'a.y' }] }, reads, 'absent')).toEqual({ rule: { var: 'a.y' } });
    expect(valueWithoutField({ if: [{ '==': [X, 2] }, 6, 11] }, reads)).toBe(11);
    expect(valueWithoutField({ cat: [{ var: ['a.x', 'geen'] }, '!'] }, reads)).toBe('geen!');
  });
  it('decides comparisons with a removed option and takes it out of lists', () => {
    expect(conditionWithoutOption({ in: [X, [1, 2, 4]] }, reads, 4)).toEqual({ rule: { in: [X, [1, 2]] } });
    expect(conditionWithoutOption({ '==': [X, 4] }, reads, 4)).toBe('never');
    expect(conditionWithoutOption({ or: [{ '!=': [X, 4] }, { var: 'a.y' }] }, reads, 4)).toBe('always');
    expect(conditionWithoutOption({ '==': [X, 3] }, reads, 4)).toEqual({ rule: { '==': [X, 3] } });
    expect(conditionWithoutOption({ in: [4, X] }, reads, 4)).toBe('never');
  });
});
