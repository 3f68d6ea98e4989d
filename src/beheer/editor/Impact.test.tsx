// @vitest-environment jsdom
// Removing with its impact in the structured editor, on real flows: the question names every use of
// a field (a rule, a computed text, the printed form's signers), what applicants stored and the test
// cases that set it; cancelled, nothing changes and focus returns; confirmed with its uses, the
// edited document and its English pass the real pipeline without a finding. The same for a choice
// and a step; a field's data key is shown and changed only in its details. axe on the dialog.
import { readFileSync } from 'node:fs';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../tests/helpers/axe';
import { buildingBlocks } from '../../server/beheer/routes/buildingBlocks';
import { createPipeline } from '../../server/flows/pipeline/compileFlow';
import { loadPipelineSources } from '../../server/flows/sources';
import type { UsageCounts } from '../../shared/beheer';
import { StructuredEditor } from './StructuredEditor';

afterEach(cleanup);

const BLOCKS = buildingBlocks(process.cwd());
const compile = createPipeline(loadPipelineSources(process.cwd()));

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- reading the parsed flow file freely
type Doc = Record<string, any>;

interface Flow {
  id: string;
  document: string;
  english: string;
}

const flow = (id: string): Flow => ({ id, document: readFileSync(`flows/${id}.flow.json`, 'utf8'), english: readFileSync(`flows/i18n/${id}.en.json`, 'utf8') });

/** The pipeline's errors and warnings for the texts as the editor left them. */
function findings(source: Flow, texts: { document: string; english: string }): { errors: string[]; warnings: string[] } {
  const result = compile({
    file: `flows/${source.id}.flow.json`,
    text: texts.document,
    expectedId: source.id,
    english: { file: `flows/i18n/${source.id}.en.json`, text: texts.english },
  });
  if (!result.ok)
    return {
      errors: result.problems.filter((problem) => problem.severity === 'error').map((problem) => `${problem.pointer} ${problem.message}`),
      warnings: [],
    };
  return { errors: [], warnings: result.warnings.map((warning) => warning.message) };
}

const COUNTS: UsageCounts = {
  submissions: 12,
  savedApplications: 3,
  savedApplicationsUnknownFlow: 1,
  fixtures: [{ name: '01-geldig.json', description: 'Geldig, met de wettelijk vertegenwoordiger' }],
};

function setup(source: Flow, counts: UsageCounts = COUNTS) {
  const latest = { document: source.document, english: source.english };
  const asked: { path: string; value?: unknown }[] = [];
  function Editor() {
    const [document, setDocument] = useState(source.document);
    const [english, setEnglish] = useState(source.english);
    latest.document = document;
    latest.english = english;
    return (
      <main>
        <StructuredEditor
          document={document}
          onChange={setDocument}
          english={english}
          onEnglishChange={setEnglish}
          countUses={(path, value) => {
            asked.push({ path, value });
            return Promise.resolve(counts);
          }}
          findings={[]}
          readOnly={false}
          blocks={BLOCKS}
        />
      </main>
    );
  }
  const view = render(<Editor />);
  return { ...view, latest, asked, parsed: () => JSON.parse(latest.document) as Doc };
}

const PAS = flow('aanvraag-zorgverlenerpas');
const pas = JSON.parse(PAS.document) as Doc;
const who = pas.steps[0].schema.properties.aangevraagdDoorWettelijkVertegenwoordiger.title as string;
const signers = (pas.confirmation.download.signers as Doc[]).map((signer) => signer.title as string);

describe('removing with its impact', () => {
  it('asks before removing a field used by rules and the printed form’s signers; cancelled, nothing changes', async () => {
    const user = userEvent.setup();
    const { latest, asked } = setup(PAS);
    const field = screen.getByRole('group', { name: who });
    const remove = within(field).getByRole('button', { name: `Veld verwijderen ${who}` });
    await user.click(remove);
    const dialog = screen.getByRole('dialog', { name: `Veld ‘${who}’ verwijderen` });
    expect(within(dialog).getByRole('button', { name: 'Annuleren' })).toBe(document.activeElement);
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)!.textContent).toBe(
      `Wilt u het veld ‘${who}’ uit de stap ‘${pas.steps[0].title as string}’ verwijderen?`,
    );
    for (const signer of signers) {
      const box = within(dialog).getByRole('checkbox', { name: `Ondertekenaar ‘${signer}’ op het formulier` });
      expect((box as HTMLInputElement).checked).toBe(true);
      expect(box.getAttribute('aria-describedby')).toBeTruthy();
    }
    expect(
      within(dialog).getByRole('checkbox', { name: `De regel ‘Wanneer tonen’ van ‘${pas.steps[0].schema.properties.voornamenAanvrager.title as string}’` }),
    ).toBeTruthy();
    await within(dialog).findByText(
      '12 ingediende aanvragen hebben een waarde voor dit veld. Die blijven bewaard zoals ze zijn ingediend; nieuwe aanvragen hebben het niet meer.',
    );
    expect(
      within(dialog).getByText(
        /^3 opgeslagen aanvragen \('Opslaan en later verder'\) kunnen een waarde voor dit veld bevatten\. Ze zijn versleuteld met de code van de aanvrager/,
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText(/Van 1 oudere opgeslagen aanvraag is niet bekend bij welke flow ze horen\./)).toBeTruthy();
    expect(within(dialog).getByText('Geldig, met de wettelijk vertegenwoordiger')).toBeTruthy();
    expect(within(dialog).getByText(/^de Engelse vertaling van \d+ teksten$/)).toBeTruthy();
    expect(asked).toEqual([{ path: 'gegevensAanvrager.aangevraagdDoorWettelijkVertegenwoordiger', value: undefined }]);
    await expectNoAxeViolations(dialog);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(remove).toBe(document.activeElement);
    expect(latest.document).toBe(PAS.document);
    expect(latest.english).toBe(PAS.english);
  });

  it('removes the field with its uses, so the pipeline finds nothing, and puts focus on the step', async () => {
    const user = userEvent.setup();
    const { latest, parsed } = setup(PAS);
    await user.click(within(screen.getByRole('group', { name: who })).getByRole('button', { name: /^Veld verwijderen/ }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Veld verwijderen' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(parsed().steps[0].schema.properties.aangevraagdDoorWettelijkVertegenwoordiger).toBeUndefined();
    expect(parsed().confirmation.download.signers).toBeUndefined();
    expect(latest.english).not.toContain('aangevraagdDoorWettelijkVertegenwoordiger');
    expect(findings(PAS, latest)).toEqual(findings(PAS, PAS));
    expect(findings(PAS, latest).errors).toEqual([]);
    expect(screen.getByRole('tabpanel')).toBe(document.activeElement);
    expect(screen.getByText(`Het veld ‘${who}’ is verwijderd, met 7 aanpassingen elders.`)).toBeTruthy();
  });

  it('leaves a use that is unticked, says so, and the check then refuses it there', async () => {
    const user = userEvent.setup();
    const { latest } = setup(PAS);
    await user.click(within(screen.getByRole('group', { name: who })).getByRole('button', { name: /^Veld verwijderen/ }));
    const dialog = screen.getByRole('dialog');
    const signer = within(dialog).getByRole('checkbox', { name: `Ondertekenaar ‘${signers[0]}’ op het formulier` });
    await user.click(signer);
    expect(within(dialog).getByText('1 gebruik blijft staan; de controle meldt daarna een fout.')).toBeTruthy();
    expect(signer.getAttribute('aria-describedby')!.split(' ')).toHaveLength(2);
    await user.click(within(dialog).getByRole('button', { name: 'Veld verwijderen' }));
    expect(findings(PAS, latest).errors).toEqual([expect.stringMatching(/^\/confirmation\/download\/signers\/0\/visibleIf /)]);
  });

  it('asks before removing a choice, removes what was shown only for it, and the pipeline finds nothing', async () => {
    const user = userEvent.setup();
    const source = flow('aanvraag-servercertificaat');
    const step = (JSON.parse(source.document) as Doc).steps[0];
    const field = step.schema.properties.aanvragerIdentificeren as Doc;
    const box = (step.boxes as Doc[]).find((candidate) => candidate.after === 'aanvragerIdentificeren')!;
    const { latest, parsed, asked } = setup(source);
    const group = screen.getByRole('group', { name: field.title as string });
    await user.click(within(group).getByText(/^Keuzes: /));
    const label = field['x-enumNames'][1] as string;
    await user.click(within(group).getByRole('button', { name: `Verwijderen ‘${label}’` }));
    const dialog = screen.getByRole('dialog', { name: `Keuze ‘${label}’ verwijderen` });
    const use = within(dialog).getByRole('checkbox', { name: `De waarschuwing ‘${box.title as string}’` });
    expect(document.getElementById(use.getAttribute('aria-describedby')!)!.textContent).toMatch(/wordt verwijderd: het werd alleen getoond bij de keuze/);
    await within(dialog).findByText(
      '12 ingediende aanvragen hebben deze keuze. Die blijven bewaard zoals ze zijn ingediend; nieuwe aanvragen hebben het niet meer.',
    );
    expect(asked).toEqual([{ path: 'uwGegevens.aanvragerIdentificeren', value: 1 }]);
    await expectNoAxeViolations(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Keuze verwijderen' }));
    expect(parsed().steps[0].schema.properties.aanvragerIdentificeren.enum).toEqual([0]);
    expect((parsed().steps[0].boxes as Doc[]).some((candidate) => candidate.id === box.id)).toBe(false);
    expect(findings(source, latest)).toEqual({ errors: [], warnings: [] });
    await waitFor(() => expect(document.activeElement?.textContent).toMatch(/^Verwijderen/));
  });

  it('asks before removing a step, with what the rest of the flow loses, and focuses the step tabs after', async () => {
    const user = userEvent.setup();
    const source = flow('abonneeregistratie-zorgverlener');
    const title = (JSON.parse(source.document) as Doc).steps[1].title as string;
    const { latest, parsed } = setup(source);
    await user.click(screen.getByRole('tab', { name: title }));
    // Looked for in the step's own panel: a role query over the whole editor (some 300 buttons)
    // takes jsdom about four times as long.
    const remove = within(screen.getByRole('tabpanel')).getByRole('button', { name: `Stap verwijderen ${title}` });
    await user.click(remove);
    const dialog = screen.getByRole('dialog', { name: `Stap ‘${title}’ verwijderen` });
    expect(within(dialog).getByRole('checkbox', { name: 'Ondertekenaar ‘Gemachtigd aanvrager’ op het formulier' })).toBeTruthy();
    expect(within(dialog).getByText(/^de 7 vragen ‘/)).toBeTruthy();
    await within(dialog).findByText(
      '12 ingediende aanvragen hebben antwoorden in deze stap. Die blijven bewaard zoals ze zijn ingediend; nieuwe aanvragen hebben het niet meer.',
    );
    await expectNoAxeViolations(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    expect(remove).toBe(document.activeElement);
    await user.click(remove);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Stap verwijderen' }));
    expect((parsed().steps as Doc[]).map((step) => step.id)).toEqual(['stap1', 'stap3']);
    expect(screen.queryByRole('tab', { name: title })).toBeNull();
    expect(document.activeElement?.getAttribute('role')).toBe('tab');
    expect(findings(source, latest)).toEqual({ errors: [], warnings: [] });
  });

  it('shows a field’s data key only in its details, where it is renamed everywhere, and refuses a name that cannot be one', async () => {
    const user = userEvent.setup();
    const { latest, parsed, container } = setup(PAS);
    const voornamen = pas.steps[0].schema.properties.voornamenAanvrager.title as string;
    const field = screen.getByRole('group', { name: voornamen });
    expect(field.querySelector('legend')!.textContent).toBe(voornamen);
    await user.click(within(field).getByText('Details'));
    expect(within(field).getByText('Naam in de gegevens')).toBeTruthy();
    expect(within(field).getByText('voornamenAanvrager')).toBeTruthy();
    for (const signer of signers) expect(within(field).getByText(`De naam van ondertekenaar ‘${signer}’ op het formulier`)).toBeTruthy();
    await within(field).findByText(/12 ingediende aanvragen hebben een waarde voor dit veld; die houden de oude naam voornamenAanvrager\./);

    const input = within(field).getByLabelText('Nieuwe naam in de gegevens');
    await user.type(input, 'voor namen{Enter}');
    expect(within(field).getByText(/^Een naam in de gegevens begint met een letter/)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(latest.document).toBe(PAS.document);
    await user.clear(input);
    await user.type(input, 'voornamen');
    await user.click(within(field).getByRole('button', { name: `Naam wijzigen van ${voornamen}` }));
    expect(parsed().steps[0].schema.properties.voornamen).toBeTruthy();
    expect(parsed().confirmation.download.signers[0].nameFrom[0]).toBe('gegevensAanvrager.voornamen');
    expect(latest.english).toContain('"steps.stap1.schema.properties.voornamen.title"');
    expect(findings(PAS, latest)).toEqual({ errors: [], warnings: [] });
    const renamed = screen.getByRole('group', { name: voornamen });
    expect(within(renamed).getByText('voornamen')).toBeTruthy();
    expect(within(renamed).getByText('Details').closest('summary')).toBe(document.activeElement);
    expect(
      screen.getByText(`De naam in de gegevens van het veld ‘${voornamen}’ is nu voornamen; 2 plaatsen die het veld noemen, zijn aangepast.`),
    ).toBeTruthy();
    await expectNoAxeViolations(container);
  });
});
