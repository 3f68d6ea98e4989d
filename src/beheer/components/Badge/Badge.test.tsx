// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../../tests/helpers/axe';
import { Badge, type BadgeVariant } from './Badge';

afterEach(cleanup);

describe('Badge', () => {
  it('is a span with its text, neutral by default', async () => {
    const { container } = render(<Badge>Concept</Badge>);
    const badge = screen.getByText('Concept');
    expect(badge.tagName).toBe('SPAN');
    expect(badge.className).toBe('portal-badge portal-badge--neutraal');
    await expectNoAxeViolations(container);
  });

  it('colours each variant, the text still saying what it means', async () => {
    const variants: [BadgeVariant, string][] = [
      ['succes', 'Goedgekeurd'],
      ['waarschuwing', 'Verloopt binnenkort'],
      ['fout', 'Afgewezen'],
      ['info', 'In behandeling'],
    ];
    const { container } = render(
      <p>
        {variants.map(([variant, text]) => (
          <Badge key={variant} variant={variant}>
            {text}
          </Badge>
        ))}
      </p>,
    );
    for (const [variant, text] of variants) expect(screen.getByText(text).classList.contains(`portal-badge--${variant}`)).toBe(true);
    await expectNoAxeViolations(container);
  });
});
