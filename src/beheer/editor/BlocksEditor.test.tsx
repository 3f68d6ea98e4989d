// @vitest-environment jsdom
// The blocks of a page in the structured editor: an alert and a link added in their place (a link
// to an address that is not allowed refused at its box), a block changed keeping its id, moved and
// removed after a confirmation, the focus with the block worked on; and without axe violations.
import { readFileSync } from 'node:fs';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../tests/helpers/axe';
import { BlocksEditor } from './BlocksEditor';
import { PageBlocks } from './PageBlocks';

afterEach(cleanup);
beforeAll(() => {
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
  Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
});

const SERVER = readFileSync('flows/aanvraag-servercertificaat.flow.json', 'utf8');
const PATH = ['confirmation', 'blocks'];
type Block = Record<string, unknown>;

let latest = '';
function renderBlocks(initial = SERVER) {
  latest = initial;
  function Harness() {
    const [text, setText] = useState(initial);
    latest = text;
    return (
      <BlocksEditor
        label="Tekst van de bevestigingspagina"
        text={text}
        path={PATH}
        keepEmpty
        downloadUrl="/api/aanvraag-servercertificaat/bevestiging"
        onChange={setText}
        readOnly={false}
      />
    );
  }
  const view = render(<Harness />);
  return { ...view, user: userEvent.setup(), blocks: () => (JSON.parse(latest) as { confirmation: { blocks: Block[] } }).confirmation.blocks };
}

const list = () => screen.getByRole('list', { name: 'Blokken van Tekst van de bevestigingspagina' });
const rows = () =>
  within(list())
    .getAllByRole('listitem', { hidden: false })
    .filter((item) => item.parentElement === list());

describe('BlocksEditor', () => {
  it('lists every block in words, with its actions, without axe violations', async () => {
    const { container } = renderBlocks();
    expect(rows().map((row) => row.querySelector('.beheer-blocks__summary')?.textContent)).toEqual([
      'Melding (Gelukt): ‘Uw aanvraag is ontvangen’',
      'Kop (genummerd): ‘Download, print en onderteken het aanvraagformulier’',
      'Alinea: ‘Alleen de wettelijk vertegenwoordiger of een gemachtigd aanvrager mag…’',
      'Download: ‘Download aanvraagformulier’',
      'Kop (genummerd): ‘Verstuur het ondertekende formulier’',
      'Alinea: ‘Stuur het ondertekende formulier digitaal via Aanleveren documenten, …’',
      'Postadres',
      'Link: ‘Documenten digitaal aanleveren’',
      'Link naar de homepage: ‘Naar de homepage’',
    ]);
    // The postal address is the register's own: it is moved or removed here, not changed.
    expect(within(rows()[6]).queryByRole('button', { name: /^Wijzigen/ })).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('adds an alert in the place chosen, with an id, after saying what it lacks', async () => {
    const { user, blocks, container } = renderBlocks();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Soort blok' }), 'Melding');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Plaats' }), 'Na Melding (Gelukt): ‘Uw aanvraag is ontvangen’');
    await user.click(screen.getByRole('button', { name: 'Blok toevoegen aan Tekst van de bevestigingspagina' }));
    const form = screen.getByRole('group', { name: 'Melding toevoegen' });
    expect(document.activeElement).toBe(within(form).getByRole('combobox', { name: 'Soort melding' }));
    await user.click(within(form).getByRole('button', { name: 'Toevoegen' }));
    expect(within(form).getByText("Het veld 'Tekst' is niet ingevuld.")).toBeTruthy();
    expect(document.activeElement).toBe(within(form).getByRole('textbox', { name: 'Tekst' }));
    await expectNoAxeViolations(container);
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Soort melding' }), 'Waarschuwing');
    await user.type(within(form).getByRole('textbox', { name: 'Titel (niet verplicht)' }), 'Let op');
    await user.type(within(form).getByRole('textbox', { name: 'Tekst' }), 'Verstuur het formulier binnen 30 dagen.');
    await user.click(within(form).getByRole('button', { name: 'Toevoegen' }));
    expect(blocks()[1]).toEqual({ id: 'let-op', kind: 'alert', type: 'warning', title: 'Let op', text: 'Verstuur het formulier binnen 30 dagen.' });
    expect(blocks()).toHaveLength(10);
    // The focus goes to the new block.
    expect(document.activeElement).toBe(within(rows()[1]).getByRole('button', { name: /^Wijzigen/ }));
    expect(screen.getByRole('status').textContent).toBe('Melding (Waarschuwing): ‘Let op’ toegevoegd op plaats 2.');
  });

  it('refuses a link to an address that is not allowed at its box, and adds one to a good address', async () => {
    const { user, blocks } = renderBlocks();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Soort blok' }), 'Link');
    await user.click(screen.getByRole('button', { name: /^Blok toevoegen/ }));
    const form = screen.getByRole('group', { name: 'Link toevoegen' });
    await user.type(within(form).getByRole('textbox', { name: 'Tekst' }), 'Meer over servercertificaten');
    const address = within(form).getByRole('textbox', { name: 'Adres' });
    await user.type(address, 'javascript:alert(1)');
    await user.click(within(form).getByRole('button', { name: 'Toevoegen' }));
    expect(within(form).getByText('Alleen een adres met https://, mailto: of een adres binnen het portaal (zoals /home) is toegestaan.')).toBeTruthy();
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(address);
    expect(blocks()).toHaveLength(9);
    await user.clear(address);
    await user.type(address, 'http://www.zorgcsp.nl');
    await user.click(within(form).getByRole('button', { name: 'Toevoegen' }));
    expect(within(form).getByText('Gebruik een beveiligd adres: https:// in plaats van http://.')).toBeTruthy();
    await user.clear(address);
    await user.type(address, 'https://www.zorgcsp.nl');
    await user.click(within(form).getByRole('button', { name: 'Toevoegen' }));
    expect(blocks().at(-1)).toEqual({
      id: 'meer-over-servercertificaten',
      kind: 'link',
      text: 'Meer over servercertificaten',
      href: 'https://www.zorgcsp.nl',
      external: true,
    });
  });

  it('changes a block keeping its id, moves it with the focus on the button, and removes it after a confirmation', async () => {
    // The shipped block carries its id (written by flows:check --fix).
    const { user, blocks } = renderBlocks(SERVER);
    await user.click(within(rows()[4]).getByRole('button', { name: /^Wijzigen/ }));
    const form = screen.getByRole('group', { name: 'Kop (genummerd): ‘Verstuur het ondertekende formulier’ wijzigen' });
    expect((within(form).getByRole('checkbox', { name: /^Genummerd/ }) as HTMLInputElement).checked).toBe(true);
    const text = within(form).getByRole('textbox', { name: 'Tekst' });
    await user.clear(text);
    await user.type(text, 'Stuur het formulier terug');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Niveau' }), 'Kop 3 (onder een kop 2)');
    await user.click(within(form).getByRole('button', { name: 'Opslaan' }));
    expect(blocks()[4]).toEqual({ id: 'verstuur-het-ondertekende-formulier', kind: 'heading', text: 'Stuur het formulier terug', level: 3, numbered: true });
    expect(document.activeElement).toBe(within(rows()[4]).getByRole('button', { name: /^Wijzigen/ }));

    await user.click(within(rows()[4]).getByRole('button', { name: /^Omhoog/ }));
    expect(blocks()[3]).toMatchObject({ id: 'verstuur-het-ondertekende-formulier' });
    expect(document.activeElement).toBe(within(rows()[3]).getByRole('button', { name: /^Omhoog/ }));
    expect(
      within(rows()[0])
        .getByRole('button', { name: /^Omhoog/ })
        .getAttribute('aria-disabled'),
    ).toBe('true');

    await user.click(within(rows()[3]).getByRole('button', { name: /^Verwijderen/ }));
    const ask = within(rows()[3]).getByRole('group', { name: 'Kop (genummerd): ‘Stuur het formulier terug’ verwijderen' });
    expect(document.activeElement).toBe(within(ask).getByRole('button', { name: 'Ja, verwijderen' }));
    await user.click(within(ask).getByRole('button', { name: 'Nee, bewaren' }));
    expect(blocks()).toHaveLength(9);
    await user.click(within(rows()[3]).getByRole('button', { name: /^Verwijderen/ }));
    await user.click(screen.getByRole('button', { name: 'Ja, verwijderen' }));
    expect(blocks().map((block) => block.id)).not.toContain('versturen');
    expect(blocks()).toHaveLength(8);
  });
});

describe('PageBlocks', () => {
  it('edits a part of a page in the rich-text editor and its list of blocks, made only when opened', async () => {
    const user = userEvent.setup();
    function Harness() {
      const [text, setText] = useState(SERVER);
      latest = text;
      return (
        <PageBlocks
          summary="Tekst na de velden"
          label="Tekst na de velden van 'Uw gegevens'"
          text={text}
          path={['steps', 0, 'outro']}
          onChange={setText}
          readOnly={false}
        />
      );
    }
    const { container } = render(<Harness />);
    expect(screen.getByText('Tekst na de velden: geen')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: "Tekst na de velden van 'Uw gegevens'" })).toBeNull();
    await user.click(screen.getByText('Tekst na de velden: geen'));
    expect(screen.getByRole('textbox', { name: "Tekst na de velden van 'Uw gegevens'" })).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Soort blok' }), 'Opsomming');
    await user.click(screen.getByRole('button', { name: /^Blok toevoegen/ }));
    await user.type(screen.getByRole('textbox', { name: 'Punten, elk op een eigen regel' }), 'Uw KvK-nummer{Enter}Uw AGB-code');
    await user.click(screen.getByRole('button', { name: 'Toevoegen' }));
    expect((JSON.parse(latest) as { steps: { outro: unknown }[] }).steps[0].outro).toEqual([
      { id: 'uw-kvk-nummer', kind: 'list', items: ['Uw KvK-nummer', 'Uw AGB-code'] },
    ]);
    // The rich-text editor shows the new list as text.
    expect(
      within(screen.getByRole('textbox', { name: "Tekst na de velden van 'Uw gegevens'" }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Uw KvK-nummer', 'Uw AGB-code']);
    await expectNoAxeViolations(container);
  });
});
