/** What the image checks take as sane: no side longer than this, and no more pixels in all (a scan of A3 at 1200 dpi fits). */
export const MAX_DIMENSION = 65_535;
export const MAX_PIXELS = 300_000_000;
