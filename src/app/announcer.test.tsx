// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { announce, announceAfterTitle, Announcer, ANNOUNCER_DELAY_MS, announceTitle, currentAnnouncement, forgetAfterTitle } from './announcer';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('announcer', () => {
  it('is a visually hidden polite live region', () => {
    render(<Announcer />);
    const region = screen.getByTestId('announcer');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.className).toContain('visually-hidden');
  });

  it('sets the text only after 100 ms', () => {
    expect(ANNOUNCER_DELAY_MS).toBe(100);
    render(<Announcer />);
    const region = screen.getByTestId('announcer');
    act(() => announce('Stap 1: Uw gegevens | Portaal'));
    expect(region.textContent).toBe('');
    act(() => {
      vi.advanceTimersByTime(99);
    });
    expect(region.textContent).toBe('');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(region.textContent).toBe('Stap 1: Uw gegevens | Portaal');
  });

  it('clears first so the same text is announced again, and only the last of quick calls wins', () => {
    render(<Announcer />);
    const region = screen.getByTestId('announcer');
    act(() => {
      announce('Eerste');
      vi.advanceTimersByTime(100);
    });
    expect(region.textContent).toBe('Eerste');
    act(() => announce('Eerste'));
    expect(region.textContent).toBe('');
    act(() => {
      announce('Tweede');
      vi.advanceTimersByTime(50);
      announce('Derde');
      vi.advanceTimersByTime(100);
    });
    expect(region.textContent).toBe('Derde');
  });
});

describe('a message said after the page title', () => {
  it('follows the current title at once, and the next title when one comes', () => {
    render(<Announcer />);
    const region = screen.getByTestId('announcer');
    document.title = 'Stap 2: Documenten | Portaal';
    act(() => {
      announceAfterTitle('Uw aanvraag is geannuleerd.');
      vi.advanceTimersByTime(100);
    });
    expect(Array.from(region.querySelectorAll('p'), (line) => line.textContent)).toEqual(['Stap 2: Documenten | Portaal', 'Uw aanvraag is geannuleerd.']);
    act(() => {
      announceTitle('Stap 1: Uw gegevens | Portaal');
      vi.advanceTimersByTime(100);
    });
    expect(Array.from(region.querySelectorAll('p'), (line) => line.textContent)).toEqual(['Stap 1: Uw gegevens | Portaal', 'Uw aanvraag is geannuleerd.']);
    // Said once after a title: the title after that comes alone.
    act(() => {
      announceTitle('Stap 2: Documenten | Portaal');
      vi.advanceTimersByTime(100);
    });
    expect(region.textContent).toBe('Stap 2: Documenten | Portaal');
  });

  it('is not said after the title of a page it is not about', () => {
    render(<Announcer />);
    document.title = 'Stap 1: Uw gegevens | Portaal';
    act(() => {
      announceAfterTitle('Uw aanvraag is geannuleerd.');
      vi.advanceTimersByTime(100);
    });
    act(() => {
      forgetAfterTitle();
      announceTitle('Stap 2: Documenten | Portaal');
      vi.advanceTimersByTime(100);
    });
    expect(currentAnnouncement()).toBe('Stap 2: Documenten | Portaal');
  });
});
