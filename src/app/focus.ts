/** Focus management after navigation: keyboard and screen-reader users land on the new content. */
export const MAIN_CONTENT_ID = 'main-content';

/** Moves focus to `<main id="main-content" tabIndex={-1}>`; returns false when it is not rendered. */
export function focusMain(): boolean {
  const main = document.getElementById(MAIN_CONTENT_ID);
  if (!main) return false;
  main.focus();
  return document.activeElement === main;
}
