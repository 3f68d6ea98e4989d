/**
 * The five rating faces of doc 2 §9 (angry, sad, satisfied, happy, great) as inline SVG: drawn in
 * the text colour, decorative (the label carries the meaning) and free of style attributes (CSP).
 */
export type RatingKind = 'angry' | 'sad' | 'satisfied' | 'happy' | 'great';

export const RATING_KINDS: readonly RatingKind[] = ['angry', 'sad', 'satisfied', 'happy', 'great'];

const MOUTHS: Record<RatingKind, string> = {
  angry: 'M8.5 17c1.8-2 5.2-2 7 0',
  sad: 'M8.5 16.5c1.8-1.6 5.2-1.6 7 0',
  satisfied: 'M8.5 15.5h7',
  happy: 'M8.5 14.5c1.8 2 5.2 2 7 0',
  great: 'M7.5 14c1 4 8 4 9 0z',
};

export function RatingFace({ kind }: { kind: RatingKind }) {
  return (
    <svg className="portal-feedback__face" viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <circle cx="8.75" cy="9.5" r="1.25" fill="currentColor" />
      <circle cx="15.25" cy="9.5" r="1.25" fill="currentColor" />
      {kind === 'angry' ? <path d="M6.5 6.5l3.5 1.5M17.5 6.5L14 8" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" /> : null}
      <path d={MOUTHS[kind]} fill={kind === 'great' ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}
