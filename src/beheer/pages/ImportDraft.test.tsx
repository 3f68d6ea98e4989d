// @vitest-environment jsdom
// Importing a file as the draft: a version file or a flow document is read, anything else is
// refused with a message at the field; no axe violations.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../tests/helpers/axe';
import { ImportDraft, sourceFromFile } from './ImportDraft';

afterEach(cleanup);

describe('importing a file as the draft', () => {
  it('reads a version file or a flow document, and refuses the rest', () => {
    expect(sourceFromFile(JSON.stringify({ flowId: 'x', version: 2, document: '{"id":"x"}', english: '{}' }))).toEqual({
      document: '{"id":"x"}',
      english: '{}',
    });
    const flow = '{ "id": "x", "steps": [] }';
    expect(sourceFromFile(flow)).toEqual({ document: flow });
    expect(sourceFromFile('geen json')).toBe('Dit bestand is geen JSON. Kies een versiebestand of een flowdefinitie.');
    expect(sourceFromFile('[1]')).toBe('Dit bestand bevat geen flowdefinitie.');
  });

  it('sends a chosen file, says what is wrong at the field otherwise', async () => {
    const user = userEvent.setup();
    const onImport = vi.fn();
    const { container } = render(<ImportDraft hasDraft onImport={onImport} />);
    await user.click(screen.getByText('Bestand importeren als concept'));
    await user.click(screen.getByRole('button', { name: 'Importeren' }));
    expect(screen.getByText("Het veld 'Bestand' is niet ingevuld.")).toBeTruthy();
    await expectNoAxeViolations(container);
    await user.upload(screen.getByLabelText('Bestand'), new File(['{ "id": "x", "steps": [] }'], 'flow.json', { type: 'application/json' }));
    await user.click(screen.getByRole('button', { name: 'Importeren' }));
    expect(onImport).toHaveBeenCalledWith({ document: '{ "id": "x", "steps": [] }' });
  });
});
