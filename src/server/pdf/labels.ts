/** Fixed texts printed by the renderer itself (everything else comes from the model). */
export interface RendererLabels {
  /** BCP 47 tag for the PDF /Lang entry. */
  pdfLang: string;
  name: string;
  date: string;
  place: string;
  signature: string;
  /** Page number, used when the model footer has no {page} placeholder. */
  pageOfPages: string;
  /** Shown next to a label when its row continues on the next page. */
  continued: string;
  /** Printed for an empty value. */
  empty: string;
  creator: (registerName: string) => string;
}

export const LABELS: Record<'nl' | 'en', RendererLabels> = {
  nl: {
    pdfLang: 'nl-NL',
    name: 'Naam',
    date: 'Datum (dd-mm-jjjj)',
    place: 'Plaats',
    signature: 'Handtekening',
    pageOfPages: 'pagina {page} van {pages}',
    continued: '(vervolg)',
    empty: '—',
    creator: (registerName) => `Aanvraagportaal ${registerName}`,
  },
  en: {
    pdfLang: 'en-GB',
    name: 'Name',
    date: 'Date (dd-mm-yyyy)',
    place: 'Place',
    signature: 'Signature',
    pageOfPages: 'page {page} of {pages}',
    continued: '(continued)',
    empty: '—',
    creator: (registerName) => `${registerName} application portal`,
  },
};
