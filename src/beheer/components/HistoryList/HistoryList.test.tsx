// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../../tests/helpers/axe';
import { HistoryList } from './HistoryList';

afterEach(cleanup);

const entries = [
  { timestamp: '24-11-2026 10:05', dateTime: '2026-11-24T10:05:00+01:00', username: 'J. Jansen', text: 'Aanvraag goedgekeurd' },
  { timestamp: '23-11-2026 16:40', username: 'P. de Vries', text: 'Document toegevoegd' },
];

describe('HistoryList', () => {
  it('is an ordered list named by its label, each entry with moment, user and text', async () => {
    const { container } = render(<HistoryList entries={entries} label="Geschiedenis van de aanvraag" />);
    const list = screen.getByRole('list', { name: 'Geschiedenis van de aanvraag' });
    expect(list.tagName).toBe('OL');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '24-11-2026 10:05 J. JansenAanvraag goedgekeurd',
      '23-11-2026 16:40 P. de VriesDocument toegevoegd',
    ]);
    await expectNoAxeViolations(container);
  });

  it('marks up the moment as <time> only when an ISO dateTime is given', () => {
    render(<HistoryList entries={entries} label="Geschiedenis" />);
    const first = screen.getByText('24-11-2026 10:05');
    expect(first.tagName).toBe('TIME');
    expect(first.getAttribute('datetime')).toBe('2026-11-24T10:05:00+01:00');
    expect(screen.getByText('23-11-2026 16:40').tagName).toBe('SPAN');
  });

  it('says there is no history yet when empty, or what it is told', async () => {
    const { container, rerender } = render(<HistoryList entries={[]} label="Geschiedenis" />);
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByText('Er is nog geen geschiedenis.')).toBeTruthy();
    await expectNoAxeViolations(container);
    rerender(<HistoryList entries={[]} label="Geschiedenis" emptyText="Nog geen wijzigingen." />);
    expect(screen.getByText('Nog geen wijzigingen.')).toBeTruthy();
  });
});
