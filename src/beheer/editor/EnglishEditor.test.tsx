// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../tests/helpers/axe';
import { EnglishEditor } from './EnglishEditor';

afterEach(cleanup);

// jsdom has no CSS.escape, which user-event needs to find the radio buttons of a group.
if (typeof globalThis.CSS?.escape !== 'function') {
  Object.assign(globalThis, { CSS: { ...globalThis.CSS, escape: (value: string) => value.replace(/[^\w-]/g, (character) => `\\${character}`) } });
}

const DOCUMENT = readFileSync(path.join(process.cwd(), 'flows/aanleveren-documenten.flow.json'), 'utf8');
const ENGLISH = readFileSync(path.join(process.cwd(), 'flows/i18n/aanleveren-documenten.en.json'), 'utf8');
const TOTAL = Object.keys(JSON.parse(ENGLISH) as object).length;

/** The flow with a changed label (outdated English), a new field (missing English) and a removed help text (unused English). */
const CHANGED = DOCUMENT.replace('"title": "Naam abonnee"', '"title": "Naam van de abonnee"')
  .replace(
    '"aanvraagTypeAnders": { "type": "string", "title": "Ander type aanvraag", "maxLength": 200 },',
    '"aanvraagTypeAnders": { "type": "string", "title": "Ander type aanvraag", "maxLength": 200 },\n          "kenmerk": { "type": "string", "title": "Uw kenmerk" },',
  )
  .replace('"ui:help": "Vul het abonneenummer in als u dit al weet.", ', '');

/** The editor with its English kept the way a page keeps it: every change comes back as `english`. */
function Harness({
  document,
  initial,
  onChange,
  readOnly = false,
}: {
  document: string;
  initial: string;
  onChange(english: string): void;
  readOnly?: boolean;
}) {
  const [english, setEnglish] = useState(initial);
  return (
    <EnglishEditor
      document={document}
      english={english}
      readOnly={readOnly}
      onChange={(text) => {
        setEnglish(text);
        onChange(text);
      }}
    />
  );
}

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('the English texts of a draft', () => {
  it('shows every text with its English and status when all are translated', async () => {
    const { container } = render(<Harness document={DOCUMENT} initial={ENGLISH} onChange={vi.fn()} />);
    expect(screen.getByRole('status').textContent).toContain(`Alle ${TOTAL} teksten zijn vertaald.`);
    expect((screen.getByRole('radio', { name: 'Alle teksten' }) as HTMLInputElement).checked).toBe(true);
    expect(bodyRows()).toHaveLength(TOTAL);
    const row = screen.getByRole('row', { name: /Stap 1 › Naam abonnee › label/ });
    expect(within(row).getByRole('rowheader').textContent).toContain('Stap 1 › Naam abonnee › label');
    expect(within(row).getAllByRole('cell')[0].textContent).toContain('Naam abonnee');
    expect((within(row).getByRole('textbox', { name: 'Engels: Stap 1 › Naam abonnee › label' }) as HTMLTextAreaElement).value).toBe('Subscriber name');
    expect(within(row).getByText('Vertaald')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ongebruikte vertalingen verwijderen' })).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('shows only missing and outdated texts at first, and all of them on request', async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness document={CHANGED} initial={ENGLISH} onChange={vi.fn()} />);
    expect(screen.getByRole('status').textContent).toContain('1 tekst ontbreekt, 1 is verouderd.');
    expect(screen.getByRole('group', { name: 'Tonen' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Alleen ontbrekend of verouderd' }) as HTMLInputElement).checked).toBe(true);
    expect(bodyRows()).toHaveLength(2);

    const outdated = screen.getByRole('row', { name: /Stap 1 › Naam van de abonnee › label/ });
    expect(within(outdated).getByText('Verouderd')).toBeTruthy();
    expect(within(outdated).getByText('Vertaald van: ‘Naam abonnee’')).toBeTruthy();
    expect((within(outdated).getByRole('textbox') as HTMLTextAreaElement).value).toBe('Subscriber name');
    const missing = screen.getByRole('row', { name: /Stap 2 › Uw kenmerk › label/ });
    expect(within(missing).getByText('Ontbreekt')).toBeTruthy();
    expect((within(missing).getByRole('textbox', { name: 'Engels: Stap 2 › Uw kenmerk › label' }) as HTMLTextAreaElement).value).toBe('');

    expect(screen.getByText('steps.stap1.uiSchema.abonneeNummer.ui:help')).toBeTruthy();
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole('radio', { name: 'Alle teksten' }));
    expect(bodyRows()).toHaveLength(TOTAL);
  });

  it('writes typed English into the JSON text and keeps the row in view', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness document={CHANGED} initial={ENGLISH} onChange={onChange} />);
    const field = screen.getByRole('textbox', { name: 'Engels: Stap 2 › Uw kenmerk › label' });
    await user.type(field, 'Your reference');
    const last = onChange.mock.lastCall?.[0] as string;
    expect((JSON.parse(last) as Record<string, unknown>)['steps.stap2.schema.properties.kenmerk.title']).toEqual({ nl: 'Uw kenmerk', en: 'Your reference' });
    // Only the new entry was added; the rest of the file is as it was.
    expect(last.replace(/ {2}"steps\.stap2\.schema\.properties\.kenmerk\.title": \{\n[^}]*\},\n/, '')).toBe(ENGLISH);
    expect(screen.getByRole('status').textContent).toContain('1 tekst is verouderd.');
    const row = screen.getByRole('row', { name: /Stap 2 › Uw kenmerk › label/ });
    expect(within(row).getByText('Vertaald')).toBeTruthy();
    expect(document.activeElement).toBe(field);
    expect((field as HTMLTextAreaElement).value).toBe('Your reference');
  });

  it('keeps outdated English for the new Dutch, and removes unused English, by keyboard', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness document={CHANGED} initial={ENGLISH} onChange={onChange} />);
    const keep = screen.getByRole('button', { name: /^Vertaling klopt nog\s+voor Stap 1 › Naam van de abonnee › label$/ });
    keep.focus();
    await user.keyboard('{Enter}');
    expect(onChange.mock.lastCall?.[0]).toBe(ENGLISH.replace('"nl": "Naam abonnee"', '"nl": "Naam van de abonnee"'));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Engels: Stap 1 › Naam van de abonnee › label' }));
    expect(screen.getByRole('status').textContent).toContain('1 tekst ontbreekt.');

    screen.getByRole('button', { name: 'Ongebruikte vertalingen verwijderen' }).focus();
    await user.keyboard('{Enter}');
    const cleaned = JSON.parse(onChange.mock.lastCall?.[0] as string) as Record<string, unknown>;
    expect(cleaned).not.toHaveProperty(['steps.stap1.uiSchema.abonneeNummer.ui:help']);
    expect(screen.queryByRole('button', { name: 'Ongebruikte vertalingen verwijderen' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('status'));
    expect(screen.getByRole('status').textContent).toContain('1 ongebruikte vertaling is verwijderd.');
  });

  it('moves between the filter options with the arrow keys', async () => {
    const user = userEvent.setup();
    render(<Harness document={CHANGED} initial={ENGLISH} onChange={vi.fn()} />);
    screen.getByRole('radio', { name: 'Alleen ontbrekend of verouderd' }).focus();
    await user.keyboard('{ArrowUp}');
    expect((screen.getByRole('radio', { name: 'Alle teksten' }) as HTMLInputElement).checked).toBe(true);
    expect(bodyRows()).toHaveLength(TOTAL);
  });

  it('only shows the texts when it may not change them', async () => {
    const onChange = vi.fn();
    const { container } = render(<Harness document={CHANGED} initial={ENGLISH} onChange={onChange} readOnly />);
    const field = screen.getByRole('textbox', { name: 'Engels: Stap 2 › Uw kenmerk › label' });
    expect((field as HTMLTextAreaElement).readOnly).toBe(true);
    await userEvent.setup().type(field, 'x');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.queryByRole('button')).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('starts an English file that does not exist yet', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness document={DOCUMENT} initial="" onChange={onChange} />);
    expect(screen.getByRole('status').textContent).toContain(`${TOTAL} teksten ontbreken.`);
    await user.type(screen.getByRole('textbox', { name: 'Engels: Flow › titel' }), 'S');
    expect(onChange).toHaveBeenLastCalledWith('{\n  "title": {\n    "nl": "Aanleveren documenten",\n    "en": "S"\n  }\n}\n');
  });

  it('says so when a text is no JSON', () => {
    render(<EnglishEditor document={DOCUMENT} english="{ nee" onChange={vi.fn()} readOnly={false} />);
    expect(screen.getByText(/Het bestand met Engelse teksten is geen geldige JSON/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
