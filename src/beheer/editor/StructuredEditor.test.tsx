// @vitest-environment jsdom
// The structured view on a real flow: a tab per step and one for the confirmation; a field's rule,
// options and messages folded under it; fields removed (after the question what they affect) and
// added from the shared definitions, steps moved — each an edit of the same document text — and no
// axe violations.
import { readFileSync } from 'node:fs';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../tests/helpers/axe';
import { buildingBlocks } from '../../server/beheer/routes/buildingBlocks';
import { StructuredEditor } from './StructuredEditor';

afterEach(cleanup);

const DOCUMENT = readFileSync('flows/aanleveren-documenten.flow.json', 'utf8');
const BLOCKS = buildingBlocks(process.cwd());

let latest = DOCUMENT;
function Editor() {
  const [document, setDocument] = useState(DOCUMENT);
  latest = document;
  return <StructuredEditor document={document} onChange={setDocument} findings={[]} readOnly={false} blocks={BLOCKS} />;
}
const parsed = () =>
  JSON.parse(latest) as {
    steps: {
      id: string;
      schema: { properties: Record<string, { $ref?: string; title?: string }>; required?: string[] };
      visibleIf?: Record<string, unknown>;
    }[];
  };

describe('the structured editor', () => {
  it('shows a tab per step and one for the texts of the flow itself, each field with its rule, options and messages, without axe violations', async () => {
    const { container } = render(<Editor />);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Uw gegevens', 'Documenten', 'Flow en bevestiging']);
    const field = screen.getByRole('group', { name: 'Naam abonnee' });
    expect(within(field).getByText('Wanneer tonen: altijd')).toBeTruthy();
    expect(within(field).getByText('Meldingen: de standaardmeldingen')).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('removes a field with what the step says of it, adds one from a shared definition, and moves a step', async () => {
    const user = userEvent.setup();
    render(<Editor />);
    await user.click(screen.getByRole('tab', { name: 'Documenten' }));
    const wijziging = screen.getByRole('group', { name: 'Soort wijziging' });
    expect(within(wijziging).getByText('Wanneer tonen: met een voorwaarde')).toBeTruthy();
    await user.click(within(wijziging).getByRole('button', { name: /Veld verwijderen/ }));
    await user.click(within(screen.getByRole('dialog', { name: 'Veld ‘Soort wijziging’ verwijderen' })).getByRole('button', { name: 'Veld verwijderen' }));
    expect(parsed().steps[1].schema.properties.aanvraagTypeWijziging).toBeUndefined();
    expect(Object.keys(parsed().steps[1].visibleIf ?? {})).toEqual(['aanvraagTypeAnders']);

    const add = screen.getByRole('group', { name: "Veld toevoegen aan 'Documenten'" });
    await user.click(within(add).getByRole('button', { name: 'Veld toevoegen' }));
    expect(within(add).getByText("Het veld 'Label van het nieuwe veld' is niet ingevuld.")).toBeTruthy();
    await user.type(within(add).getByRole('combobox', { name: 'Soort veld' }), 'E-mail');
    await user.click(await within(add).findByRole('option', { name: 'E-mailadres' }));
    await user.type(within(add).getByLabelText('Label van het nieuwe veld'), 'E-mailadres voor vragen');
    // The name in the data is made from the label; it shows only in the field's details.
    expect(within(add).queryByText(/Naam in de gegevens/)).toBeNull();
    await user.click(within(add).getByRole('button', { name: 'Veld toevoegen' }));
    expect(parsed().steps[1].schema.properties.eMailadresVoorVragen).toEqual({ $ref: 'urn:uzi-portaal:veld:emailadres', title: 'E-mailadres voor vragen' });
    expect(parsed().steps[1].schema.required).not.toContain('eMailadresVoorVragen');
    expect(screen.getByRole('group', { name: 'E-mailadres voor vragen' })).toBeTruthy();

    const titel = screen.getByRole('tabpanel', { name: 'Documenten' }).querySelector<HTMLInputElement>('input[id$="-titel"]')!;
    await user.clear(titel);
    await user.type(titel, 'Bestanden');
    expect(parsed().steps[1]).toMatchObject({ title: 'Bestanden' });
    await user.click(screen.getByRole('button', { name: 'Stap eerder Bestanden' }));
    expect(parsed().steps.map((step) => step.id)).toEqual(['stap2', 'stap1']);
  });

  it('edits the fields of a repeating group: label, required, rule on the same item, add and remove', async () => {
    const user = userEvent.setup();
    const text = readFileSync('flows/voorbeelden/voorbeeld-herhalende-groep.flow.json', 'utf8');
    let current = text;
    function Group() {
      const [document, setDocument] = useState(text);
      current = document;
      return <StructuredEditor document={document} onChange={setDocument} findings={[]} readOnly={false} blocks={BLOCKS} />;
    }
    const { container } = render(<Group />);
    const group = () =>
      (
        JSON.parse(current) as {
          steps: {
            schema: { properties: { personen: { items: { required: string[]; properties: Record<string, { title?: string; $ref?: string }> } } } };
            messages?: Record<string, unknown>;
            visibleIf?: Record<string, unknown>;
          }[];
        }
      ).steps[0];
    const bsn = screen.getByRole('group', { name: 'BSN (in de groep ‘Personen’)' });
    expect(within(bsn).getByText('Wanneer tonen: met een voorwaarde')).toBeTruthy();
    expect(within(bsn).getByText('Tonen als Heeft deze persoon een BSN? (hetzelfde item van ‘Personen’) is gelijk aan Ja')).toBeTruthy();

    const naam = screen.getByRole('group', { name: 'Naam (in de groep ‘Personen’)' });
    await user.clear(within(naam).getByLabelText('Label'));
    await user.type(within(naam).getByLabelText('Label'), 'Achternaam');
    expect(group().schema.properties.personen.items.properties.naam.title).toBe('Achternaam');
    const renamed = screen.getByRole('group', { name: 'Achternaam (in de groep ‘Personen’)' });
    await user.click(within(renamed).getByRole('checkbox', { name: 'Verplicht' }));
    expect(group().schema.properties.personen.items.required).not.toContain('naam');
    await user.click(within(renamed).getByRole('button', { name: /Veld verwijderen/ }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Veld ‘Achternaam’ van ‘Personen’ verwijderen' })).getByRole('button', { name: 'Veld verwijderen' }),
    );
    expect(group().schema.properties.personen.items.properties.naam).toBeUndefined();
    expect(group().messages?.['personen.naam']).toBeUndefined();

    const add = screen.getByRole('group', { name: "Veld toevoegen aan de groep 'Personen'" });
    await user.type(within(add).getByRole('combobox', { name: 'Soort veld' }), 'Geboortedatum');
    await user.click(await within(add).findByRole('option', { name: /Geboortedatum/ }));
    await user.type(within(add).getByLabelText('Label van het nieuwe veld'), 'Geboortedatum');
    await user.click(within(add).getByRole('button', { name: 'Veld toevoegen' }));
    expect(group().schema.properties.personen.items.properties.geboortedatum).toMatchObject({
      $ref: 'urn:uzi-portaal:veld:geboortedatum',
      title: 'Geboortedatum',
    });
    await expectNoAxeViolations(container);
  });
});
