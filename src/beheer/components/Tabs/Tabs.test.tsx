// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { expectNoAxeViolations } from '../../../../tests/helpers/axe';
import { NavTabs } from './NavTabs';
import { tabIndexForKey } from './tabKeys';
import { Tabs, type TabItem } from './Tabs';

afterEach(cleanup);

const tabs: TabItem[] = [
  { id: 'gegevens', title: 'Gegevens', heading: 'Gegevens van de aanvraag', content: <p>Naam: J. Jansen</p> },
  { id: 'documenten', title: 'Documenten', tabTitle: 'Documenten (2)', content: <p>Twee documenten</p> },
  { id: 'geschiedenis', title: 'Geschiedenis', content: <p>Aangemaakt</p> },
];

const tab = (name: string | RegExp) => screen.getByRole('tab', { name });

describe('Tabs', () => {
  it('is a named tablist; the selected tab controls the visible, labelled panel with its heading', async () => {
    const { container } = render(<Tabs tabs={tabs} label="Aanvraag" />);
    const list = screen.getByRole('tablist', { name: 'Aanvraag' });
    expect(
      within(list)
        .getAllByRole('tab')
        .map((element) => element.textContent),
    ).toEqual(['Gegevens', 'Documenten (2)', 'Geschiedenis']);
    const first = tab('Gegevens');
    expect([first.getAttribute('aria-selected'), first.tabIndex]).toEqual(['true', 0]);
    expect([tab(/Documenten/).getAttribute('aria-selected'), tab(/Documenten/).tabIndex]).toEqual(['false', -1]);
    const panel = screen.getByRole('tabpanel', { name: 'Gegevens' });
    expect(first.getAttribute('aria-controls')).toBe(panel.id);
    expect(panel.tabIndex).toBe(0);
    expect(within(panel).getByRole('heading', { level: 2, name: 'Gegevens van de aanvraag' })).toBeTruthy();
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
    await expectNoAxeViolations(container);
  });

  it('selects on click and reports the id', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    const { container } = render(<Tabs tabs={tabs} label="Aanvraag" onSelect={onSelect} />);
    await user.click(tab('Geschiedenis'));
    expect(onSelect).toHaveBeenCalledWith('geschiedenis');
    expect(screen.getByRole('tabpanel', { name: 'Geschiedenis' }).textContent).toBe('Aangemaakt');
    await expectNoAxeViolations(container);
  });

  it('moves focus and selection with Right/Left (wrapping), Home and End; Tab goes on to the panel', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<Tabs tabs={tabs} label="Aanvraag" onSelect={onSelect} />);
    await user.click(tab('Gegevens'));
    const focused = () => document.activeElement?.textContent;
    await user.keyboard('{ArrowLeft}');
    expect(focused()).toBe('Geschiedenis');
    await user.keyboard('{ArrowRight}');
    expect(focused()).toBe('Gegevens');
    await user.keyboard('{ArrowRight}');
    expect([focused(), tab(/Documenten/).getAttribute('aria-selected'), tab(/Documenten/).tabIndex]).toEqual(['Documenten (2)', 'true', 0]);
    await user.keyboard('{End}');
    expect(focused()).toBe('Geschiedenis');
    await user.keyboard('{Home}');
    expect(focused()).toBe('Gegevens');
    expect(onSelect.mock.calls.map(([id]) => id)).toEqual(['geschiedenis', 'gegevens', 'documenten', 'geschiedenis', 'gegevens']);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tabpanel', { name: 'Gegevens' }));
  });

  it('renders a lazy panel from the first time its tab is chosen, and keeps it', async () => {
    const user = userEvent.setup();
    const heavy = [tabs[0], { ...tabs[1], lazy: true }];
    const { container } = render(<Tabs tabs={heavy} label="Aanvraag" />);
    expect(container.textContent).not.toContain('Twee documenten');
    await user.click(tab(/Documenten/));
    expect(screen.getByRole('tabpanel', { name: /Documenten/ }).textContent).toBe('Twee documenten');
    await user.click(tab('Gegevens'));
    expect(container.textContent).toContain('Twee documenten');
  });

  it('follows a selected prop and falls back to the first tab for an unknown id', () => {
    const { rerender } = render(<Tabs tabs={tabs} label="Aanvraag" selected="documenten" />);
    expect(tab(/Documenten/).getAttribute('aria-selected')).toBe('true');
    rerender(<Tabs tabs={tabs} label="Aanvraag" selected="bestaat-niet" />);
    expect(tab('Gegevens').getAttribute('aria-selected')).toBe('true');
  });

  it('throws for a tab without id', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Tabs tabs={[...tabs, { id: '', title: 'Zonder id', content: null }]} label="Aanvraag" />)).toThrow('tabblad 4 heeft geen id');
    vi.restoreAllMocks();
  });

  it('keys: Left/Right wrap, Home/End, others ignored', () => {
    expect([tabIndexForKey('ArrowRight', 2, 3), tabIndexForKey('ArrowLeft', 0, 3), tabIndexForKey('Home', 2, 3), tabIndexForKey('End', 0, 3)]).toEqual([
      0, 2, 0, 2,
    ]);
    expect(tabIndexForKey('ArrowDown', 0, 3)).toBeUndefined();
  });
});

describe('NavTabs', () => {
  it('is a named navigation with links within the router base, the current page marked', async () => {
    const location = memoryLocation({ path: '/aanvragen/12/geschiedenis' });
    const items = [
      { label: 'Gegevens', url: '/aanvragen/12' },
      { label: 'Geschiedenis', url: '/aanvragen/12/geschiedenis' },
    ];
    const { container } = render(
      <Router hook={location.hook} base="/beheer">
        <NavTabs items={items} current="/aanvragen/12/geschiedenis" label="Onderdelen van de aanvraag" />
      </Router>,
    );
    const nav = screen.getByRole('navigation', { name: 'Onderdelen van de aanvraag' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('aria-current')])).toEqual([
      ['Gegevens', '/beheer/aanvragen/12', null],
      ['Geschiedenis', '/beheer/aanvragen/12/geschiedenis', 'page'],
    ]);
    await expectNoAxeViolations(container);
  });
});
