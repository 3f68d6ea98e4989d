// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { expectNoAxeViolations } from '../../../../tests/helpers/axe';
import { Breadcrumb } from './Breadcrumb';

afterEach(cleanup);

function inRouter(children: ReactNode, base?: string) {
  const location = memoryLocation({ path: '/aanvragen/12' });
  return render(
    <Router hook={location.hook} base={base}>
      {children}
    </Router>,
  );
}

const items = [
  { label: 'Aanvragen', url: '/aanvragen' },
  { label: 'Aanvraag 12', url: '/aanvragen/12' },
];

describe('Breadcrumb', () => {
  it('is a navigation landmark named "kruimelpad" with an ordered list; the last item is the current page, not a link', async () => {
    const { container } = inRouter(<Breadcrumb items={items} rootLabel="Home" />);
    const nav = screen.getByRole('navigation', { name: 'kruimelpad' });
    const list = within(nav).getByRole('list');
    expect(list.tagName).toBe('OL');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Home', 'Aanvragen', 'Aanvraag 12']);
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Home', '/'],
      ['Aanvragen', '/aanvragen'],
    ]);
    const current = screen.getByText('Aanvraag 12');
    expect(current.closest('a')).toBeNull();
    expect(current.getAttribute('aria-current')).toBe('page');
    await expectNoAxeViolations(container);
  });

  it('links within a nested router base, to its own root url, and takes another label', async () => {
    const { container } = inRouter(<Breadcrumb items={items} rootLabel="Beheer" rootUrl="/start" label="U bent hier" />, '/beheer');
    const nav = screen.getByRole('navigation', { name: 'U bent hier' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/beheer/start', '/beheer/aanvragen']);
    await expectNoAxeViolations(container);
  });

  it('without a root shows only the items; a single item is the current page', () => {
    inRouter(<Breadcrumb items={[{ label: 'Overzicht', url: '/' }]} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Overzicht').getAttribute('aria-current')).toBe('page');
  });

  it('renders nothing for an empty trail', () => {
    const { container } = inRouter(<Breadcrumb items={[]} />);
    expect(container.innerHTML).toBe('');
  });
});
