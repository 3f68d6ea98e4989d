// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formContext, renderWidget } from '../shared/testProps';
import { FileUpload, getFile, type FileRef } from '.';

afterEach(cleanup);

const user = () => userEvent.setup({ applyAccept: false });
// A PDF starts with its signature, as the picker checks the first bytes.
const file = (name: string, content = 'inhoud', type = 'application/pdf') =>
  new File([name.endsWith('.pdf') && content !== '' ? `%PDF${content}` : content], name, { type });
const input = () => document.getElementById('root_field') as HTMLInputElement;
const refs = (value: unknown) => value as FileRef[] | undefined;
// jsdom's File has no text(); FileReader reads it.
const readText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

describe('FileUpload', () => {
  it('renders a labelled, keyboard-focusable native picker with accept, hints and linked ids', async () => {
    renderWidget(FileUpload, {
      options: { accept: ['pdf', '.JPG'], maxFileSize: 10 * 1024 * 1024, multiple: true, maxFiles: 3 },
      rawErrors: ['Voeg een bestand toe.'],
    });
    const picker = screen.getByLabelText('Bestanden kiezen') as HTMLInputElement;
    expect(picker).toBe(input());
    expect(picker.type).toBe('file');
    expect(picker.multiple).toBe(true);
    expect(picker.getAttribute('accept')).toBe('.pdf,.jpg');
    expect(picker.getAttribute('aria-invalid')).toBe('true');
    const describedBy = picker.getAttribute('aria-describedby')!;
    expect(describedBy).toContain('root_field__error');
    expect(describedBy).toContain('root_field__hint');
    expect(document.getElementById('root_field__hint')!.textContent).toBe(
      'Toegestane bestandstypen: PDF en JPG. Maximale grootte per bestand: 10 MB. U kunt maximaal 3 bestanden toevoegen.',
    );
    await user().tab();
    expect(document.activeElement).toBe(picker);
  });

  it('stores the bytes and keeps only references in the value', async () => {
    const { value } = renderWidget(FileUpload);
    await user().upload(input(), file('diploma.pdf', 'PDFDATA'));
    await waitFor(() => expect(refs(value())).toHaveLength(1));
    const [ref] = refs(value())!;
    expect(ref).toMatchObject({ name: 'diploma.pdf', size: 11, type: 'application/pdf' });
    expect(typeof ref.id).toBe('string');
    const stored = await getFile(ref.id);
    expect(await readText(stored!)).toBe('%PDFPDFDATA');
    expect(screen.getByText('diploma.pdf')).toBeTruthy();
    expect(screen.getByText('(PDF, 11 B)')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe("Het bestand 'diploma.pdf' is toegevoegd.");
  });

  it('single mode keeps only the latest file (and forgets the old bytes)', async () => {
    const { value } = renderWidget(FileUpload);
    expect(screen.getByLabelText('Bestand kiezen')).toBeTruthy();
    await user().upload(input(), file('eerste.pdf'));
    await waitFor(() => expect(refs(value())?.[0].name).toBe('eerste.pdf'));
    const firstId = refs(value())![0].id;
    await user().upload(input(), file('tweede.pdf'));
    await waitFor(() => expect(refs(value())?.[0].name).toBe('tweede.pdf'));
    expect(refs(value())).toHaveLength(1);
    await waitFor(async () => expect(await getFile(firstId)).toBeUndefined());
  });

  it('shows every rejection message in an alert and adds the good files', async () => {
    const { value } = renderWidget(FileUpload, {
      options: { multiple: true, accept: ['pdf', 'jpg'], maxFileSize: 10 },
    });
    await user().upload(input(), [
      file('groot.pdf', 'x'.repeat(11)),
      file('tekst.docx'),
      file('leeg.pdf', ''),
      file(`${'a'.repeat(252)}.pdf`),
      file('wat?.pdf'),
      file('goed.pdf', 'ok'),
      file('vermomd.jpg', 'tekst'),
    ]);
    await waitFor(() => expect(refs(value())).toHaveLength(1));
    const alert = screen.getByRole('alert');
    const texts = within(alert)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(texts).toEqual([
      "Het bestand 'groot.pdf' is niet toegevoegd, omdat het groter is dan 10 B.",
      "Het bestand 'tekst.docx' is niet toegevoegd, omdat dit bestandstype niet is toegestaan. Toegestaan zijn: PDF en JPG.",
      "Het bestand 'leeg.pdf' is niet toegevoegd, omdat het bestand leeg is.",
      `Het bestand '${'a'.repeat(252)}.pdf' is niet toegevoegd, omdat de bestandsnaam langer is dan 255 karakters.`,
      "Het bestand 'wat?.pdf' is niet toegevoegd, omdat de bestandsnaam een teken bevat dat niet is toegestaan (\" * : < > ? / \\ |).",
      "Het bestand 'vermomd.jpg' is niet toegevoegd, omdat de inhoud niet past bij een toegestaan bestandstype. Toegestaan zijn: PDF en JPG.",
    ]);
    expect(refs(value())![0].name).toBe('goed.pdf');
  });

  it('skips duplicates (same name and size) with a message, and clears messages on the next good choice', async () => {
    const { value } = renderWidget(FileUpload, { options: { multiple: true } });
    await user().upload(input(), file('a.pdf', '123'));
    await waitFor(() => expect(refs(value())).toHaveLength(1));
    await user().upload(input(), [file('a.pdf', '123'), file('a.pdf', '1234')]);
    await waitFor(() => expect(refs(value())).toHaveLength(2));
    expect(screen.getByRole('alert').textContent).toContain("Het bestand 'a.pdf' is niet toegevoegd, omdat het al is toegevoegd.");
    await user().upload(input(), file('b.pdf'));
    await waitFor(() => expect(refs(value())).toHaveLength(3));
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it('checks a choice made while the previous one is still being stored against the list that one leaves', async () => {
    const { value } = renderWidget(FileUpload, { options: { multiple: true } });
    // Two choices of the same file straight after each other, the second before the first is stored.
    fireEvent.change(input(), { target: { files: [file('brief.pdf', '123')] } });
    fireEvent.change(input(), { target: { files: [file('brief.pdf', '123')] } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain("Het bestand 'brief.pdf' is niet toegevoegd, omdat het al is toegevoegd."));
    expect(refs(value())).toHaveLength(1);
  });

  it('adds nothing when the choice would exceed maxFiles', async () => {
    const { value } = renderWidget(FileUpload, { options: { multiple: true, maxFiles: 2 } });
    await user().upload(input(), file('een.pdf'));
    await waitFor(() => expect(refs(value())).toHaveLength(1));
    await user().upload(input(), [file('twee.pdf'), file('drie.pdf')]);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'Er zijn geen bestanden toegevoegd omdat daardoor het maximum aantal van 2 is overschreden. Selecteer nog maximaal 1 bestanden.',
      ),
    );
    expect(refs(value())!.map((ref) => ref.name)).toEqual(['een.pdf']);
  });

  it('removes files with a named button and moves focus sensibly', async () => {
    const u = user();
    const { value } = renderWidget(FileUpload, { options: { multiple: true } });
    await u.upload(input(), [file('een.pdf'), file('twee.pdf'), file('drie.pdf')]);
    await waitFor(() => expect(refs(value())).toHaveLength(3));
    expect(screen.getByRole('list', { name: 'Toegevoegde bestanden' })).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Verwijderen: twee.pdf' }));
    expect(refs(value())!.map((ref) => ref.name)).toEqual(['een.pdf', 'drie.pdf']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Verwijderen: drie.pdf' }));
    expect(screen.getByRole('status').textContent).toBe("Het bestand 'twee.pdf' is verwijderd.");
    await u.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Verwijderen: een.pdf' }));
    await u.keyboard('{Enter}');
    expect(value()).toBeUndefined();
    expect(document.activeElement).toBe(input());
  });

  it('shows an existing value and speaks English', () => {
    renderWidget(FileUpload, {
      formContext: formContext('en'),
      options: { multiple: true },
      value: [{ id: 'x', name: 'scan.jpg', size: 1536, type: 'image/jpeg' }],
    });
    expect(screen.getByLabelText('Choose files')).toBeTruthy();
    expect(screen.getByText('(JPG, 1.5 kB)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove: scan.jpg' }).textContent).toBe('Remove');
  });

  it('is inert when disabled', () => {
    renderWidget(FileUpload, { disabled: true, value: [{ id: 'x', name: 'a.pdf', size: 1, type: '' }] });
    expect(input().disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Verwijderen: a.pdf' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
