// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../../tests/helpers/axe';
import { progressPercent } from './progress';
import { LOADING_TEXT, ProgressBar } from './ProgressBar';

afterEach(cleanup);

describe('progressPercent', () => {
  it('rounds value * 100 / max and keeps it between 0 and 100', () => {
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(2, 3)).toBe(67);
    expect(progressPercent(15, 10)).toBe(100);
    expect(progressPercent(-1, 10)).toBe(0);
    expect(progressPercent(5, 0)).toBe(0);
    expect(progressPercent(5, -2)).toBe(0);
  });
});

describe('ProgressBar', () => {
  it('is a named progressbar with the percentage as value and as visible text', async () => {
    const { container } = render(<ProgressBar value={3} max={8} label="Bestanden uploaden" />);
    const bar = screen.getByRole('progressbar', { name: 'Bestanden uploaden' });
    expect([bar.getAttribute('aria-valuenow'), bar.getAttribute('aria-valuemin'), bar.getAttribute('aria-valuemax')]).toEqual(['38', '0', '100']);
    expect(bar.textContent).toBe('38%');
    await expectNoAxeViolations(container);
  });

  it('can leave the text out', () => {
    render(<ProgressBar value={10} max={10} label="Verwerken" showText={false} />);
    const bar = screen.getByRole('progressbar', { name: 'Verwerken' });
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(bar.textContent).toBe('');
  });

  it('without a value is indeterminate: no aria-valuenow and "Bezig met laden"', async () => {
    const { container } = render(<ProgressBar value={undefined} max={10} label="Gegevens ophalen" />);
    expect(LOADING_TEXT).toBe('Bezig met laden');
    const bar = screen.getByRole('progressbar', { name: 'Gegevens ophalen' });
    expect(bar.hasAttribute('aria-valuenow')).toBe(false);
    expect(bar.getAttribute('aria-valuetext')).toBe('Bezig met laden');
    expect(bar.textContent).toBe('Bezig met laden');
    await expectNoAxeViolations(container);
  });
});
