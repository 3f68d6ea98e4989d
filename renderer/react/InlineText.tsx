/**
 * A text with the inline markup of renderer/core/inlineMarkup.ts as React elements: bold, emphasis
 * and links to allowed addresses. Nothing is injected as HTML: any other tag is shown as text, and a
 * link to an address that is not allowed is shown as its text alone. `fill` fills `{placeholders}`
 * in the text's words (after the markup is read, so a value can never become markup).
 */
import type { ReactNode } from 'react';
import { parseInline, type InlinePart } from '../core/inlineMarkup';
import { isAllowedAddress } from '../core/linkAddress';

export interface InlineTextProps {
  text: string;
  fill?: (text: string) => string;
}

function render(parts: InlinePart[], fill: (text: string) => string, prefix: string): ReactNode[] {
  return parts.map((part, index) => {
    const key = `${prefix}${index}`;
    if (part.kind === 'text') return fill(part.text);
    const children = render(part.parts, fill, `${key}.`);
    if (part.kind === 'strong') return <strong key={key}>{children}</strong>;
    if (part.kind === 'em') return <em key={key}>{children}</em>;
    if (!isAllowedAddress(part.href)) return <span key={key}>{children}</span>;
    return (
      <a key={key} className="utrecht-link" href={part.href} rel={/^https:/i.test(part.href) ? 'noopener noreferrer' : undefined}>
        {children}
      </a>
    );
  });
}

const same = (text: string) => text;

export function InlineText({ text, fill = same }: InlineTextProps) {
  if (!text.includes('<')) return <>{fill(text)}</>;
  return <>{render(parseInline(text), fill, '')}</>;
}
