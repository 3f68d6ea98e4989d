/** Keyboard of the tab list (WAI-ARIA tabs pattern), apart from React. */

/**
 * Index of the tab a key moves to from `index` among `count` tabs: Left/Right wrap around, Home and
 * End go to the first and last; undefined for any other key.
 */
export function tabIndexForKey(key: string, index: number, count: number): number | undefined {
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}
