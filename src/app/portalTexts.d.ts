/** The portal's texts of one language, merged at build time (scripts/portalTexts.ts). */
declare module 'virtual:portal-texts/*' {
  const texts: Record<string, string>;
  export default texts;
}
