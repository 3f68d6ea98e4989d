/**
 * Small status label (e.g. a request's state in a list). The variant only colours it; the text itself
 * must say what the status is, so meaning never depends on colour alone.
 */
import type { ReactNode } from 'react';
import './badge.css';

/** Colour scheme of a {@link Badge}; the names follow the specification. */
export type BadgeVariant = 'neutraal' | 'succes' | 'waarschuwing' | 'fout' | 'info';

/** Props of {@link Badge}. */
export interface BadgeProps {
  /** The status in words. */
  children: ReactNode;
  variant?: BadgeVariant;
}

/** A `<span>` with the status text, coloured by `variant` (default neutraal). */
export function Badge({ children, variant = 'neutraal' }: BadgeProps) {
  return <span className={`portal-badge portal-badge--${variant}`}>{children}</span>;
}
