// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { announce, Announcer, ANNOUNCER_DELAY_MS } from './announcer';

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
