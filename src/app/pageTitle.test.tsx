// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Announcer, currentAnnouncement } from './announcer';
import { joinTitle, setPageTitle } from './pageTitle';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('page title', () => {
  it("joins segments with ' | ' and appends the application name", () => {
    expect(joinTitle(['Niet gevonden'], 'Aanvraagportaal')).toBe('Niet gevonden | Aanvraagportaal');
    expect(joinTitle(['Stap 2: Documenten', 'Uploaden documenten'], 'Aanvraagportaal')).toBe('Stap 2: Documenten | Uploaden documenten | Aanvraagportaal');
    expect(joinTitle([], 'Aanvraagportaal')).toBe('Aanvraagportaal');
  });

  it('sets document.title and announces it', () => {
    render(<Announcer />);
    const title = setPageTitle(['Bevestiging van uw aanvraag', 'Aanvraag UZI-Zorgverlenerpas'], 'Portaal');
    expect(title).toBe('Bevestiging van uw aanvraag | Aanvraag UZI-Zorgverlenerpas | Portaal');
    expect(document.title).toBe(title);
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(screen.getByTestId('announcer').textContent).toBe(title);
    expect(currentAnnouncement()).toBe(title);
  });
});
