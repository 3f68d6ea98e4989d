// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { expectNoAxeViolations } from '../../../../tests/helpers/axe';
import { DataBlock } from './DataBlock';

afterEach(cleanup);

function inRouter(element: ReactElement) {
  const location = memoryLocation({ path: '/aanvragen/12' });
  return render(
    <Router hook={location.hook} base="/beheer">
      {element}
    </Router>,
  );
}

describe('DataBlock', () => {
  it('shows a heading, sub-heading and link action, and groups as description lists under a lower heading', async () => {
    const { container } = inRouter(
      <DataBlock
        header={{ text: 'Aanvrager', subHeader: 'Gegevens uit de BRP', actionText: 'Wijzigen', actionUrl: '/aanvragen/12/aanvrager' }}
        blocks={[
          { header: 'Persoon', lines: [{ label: 'Naam', value: 'J. Jansen' }, { label: 'Geboortedatum', value: '1 mei 1980' }] },
          { header: 'Toelichting', text: <p>Geen bijzonderheden.</p> },
        ]}
      />,
    );
    const section = container.querySelector('section')!;
    expect(within(section).getByRole('heading', { level: 2, name: 'Aanvrager' })).toBeTruthy();
    expect(screen.getByText('Gegevens uit de BRP')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Wijzigen Aanvrager' });
    expect(link.getAttribute('href')).toBe('/beheer/aanvragen/12/aanvrager');
    expect(screen.getByText('Wijzigen').textContent).toBe('Wijzigen Aanvrager');
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Persoon', 'Toelichting']);
    const terms = screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(terms).toEqual([
      ['Naam', 'J. Jansen'],
      ['Geboortedatum', '1 mei 1980'],
    ]);
    expect(screen.getByText('Geen bijzonderheden.')).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('gives a line a button action named after its label, and starts one level lower', async () => {
    const user = userEvent.setup();
    const onAction = vi.fn();
    const { container } = inRouter(
      <DataBlock
        headingLevel={3}
        header={{ text: 'Contact' }}
        blocks={[{ header: 'Adres', lines: [{ label: 'E-mailadres', value: 'j@example.nl', actionText: 'Wijzigen', onAction }, { label: 'Telefoon' }] }]}
      />,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Contact' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 4, name: 'Adres' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Wijzigen E-mailadres' }));
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('link')).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('shows no action without a text or a target', () => {
    const { container } = inRouter(
      <DataBlock header={{ text: 'Pas', actionText: 'Wijzigen' }} blocks={[{ lines: [{ label: 'Nummer', value: '123', actionUrl: '/pas' }, { label: 'Soort', actionText: 'Wijzigen' }] }]} />,
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('heading', { level: 3 })).toBeNull();
    expect(container.querySelectorAll('dd')).toHaveLength(2);
  });
});
