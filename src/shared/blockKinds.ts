/**
 * What each kind of content block is called in the back office (the change sentences, the
 * rich-text editor's fixed blocks, the list of blocks): one list for the server and the browser.
 */
export const BLOCK_KIND_NAMES: Readonly<Record<string, string>> = {
  heading: 'kop',
  paragraph: 'alinea',
  list: 'opsomming',
  link: 'link',
  alert: 'melding',
  download: 'download',
  homeLink: 'link naar de homepage',
  postAddress: 'postadres',
  optionItems: 'items uit een referentielijst',
  requiredDocuments: 'mee te sturen documenten',
};

/** A kind's name at the start of a sentence ('Melding'), or the kind itself when it has none. */
export function blockKindName(kind: unknown): string {
  const name = typeof kind === 'string' ? BLOCK_KIND_NAMES[kind] : undefined;
  return name ? name[0].toUpperCase() + name.slice(1) : `Blok ‘${String(kind)}’`;
}
