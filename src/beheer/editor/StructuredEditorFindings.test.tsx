// @vitest-environment jsdom
// A field's findings in the structured view: an error is announced as 'Fout:', a warning (which does
// not hold up publishing) as 'Waarschuwing:', each with the pipeline's own text.
import { readFileSync } from 'node:fs';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import type { Finding } from '../api';
import { StructuredEditor } from './StructuredEditor';

afterEach(cleanup);

const DOCUMENT = readFileSync('flows/aanleveren-documenten.flow.json', 'utf8');
const at = (severity: Finding['severity'], message: string): Finding => ({
  severity,
  message,
  pointer: '/steps/0/schema/properties/abonneeNaam/title',
  line: null,
  column: null,
  text: 'document',
});

it('announces an error as an error and a warning as a warning', () => {
  render(
    <StructuredEditor
      document={DOCUMENT}
      onChange={() => undefined}
      findings={[at('error', 'Eerste bevinding.'), at('warning', 'Tweede bevinding.')]}
      readOnly={false}
    />,
  );
  const field = screen.getByRole('group', { name: /^Naam abonnee/ });
  const items = within(field).getAllByRole('listitem');
  expect(items.map((item) => item.textContent)).toEqual(['Fout: Eerste bevinding.', 'Waarschuwing: Tweede bevinding.']);
  expect(items.map((item) => item.className)).toEqual(['utrecht-form-field-error-message', 'beheer-field__warning']);
});
