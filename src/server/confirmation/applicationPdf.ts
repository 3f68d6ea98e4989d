/**
 * The printable application form of a flow whose answers stay with the applicant until they sign
 * and send it: built from the validated model and the flow's own review structure, with a
 * signature block and the ways to send it. (Issue-level detail such as required documents and the
 * cost line comes from the flow document as it grows.)
 */
import type { Environment } from '../../../renderer/core/environment';
import type { Lang, Translate } from '../../../renderer/core/i18n';
import { buildReview } from '../../../renderer/core/review';
import { flowTitle, type FlowDocument, type Scenario } from '../../../renderer/core/types';
import type { PdfDocumentModel } from '../pdf';
import { formatDocumentDate } from './dates';

const TEXTS = {
  nl: {
    title: 'Aanvraagformulier',
    created: 'Datum aanmaak',
    kenmerk: 'Kenmerk',
    intro: 'Controleer de gegevens, onderteken het formulier en stuur het naar ons terug.',
    signature: 'Ondertekening',
    signer: 'Wettelijk vertegenwoordiger of gemachtigd aanvrager',
    send: 'Versturen',
    sendDigital: 'Digitaal: via Aanleveren documenten op de website van het UZI-register (uzi/aanleveren-documenten).',
    sendPost: 'Per post naar: UZI-register, Antwoordnummer 10010, 2500 VC Den Haag (geen postzegel nodig). Versturen per post duurt langer.',
    footer: 'pagina {page} van {pages}',
  },
  en: {
    title: 'Application form',
    created: 'Date created',
    kenmerk: 'Reference',
    intro: 'Check the details, sign the form and send it back to us.',
    signature: 'Signature',
    signer: 'Legal representative or authorised applicant',
    send: 'Sending',
    sendDigital: 'Digitally: through Submit documents on the UZI register website (uzi/aanleveren-documenten).',
    sendPost: 'By post to: UZI-register, Antwoordnummer 10010, 2500 VC Den Haag (no stamp needed). Sending by post takes longer.',
    footer: 'page {page} of {pages}',
  },
} as const;

export function applicationPdfModel(flow: FlowDocument, env: Environment, scenario: Scenario, t: Translate, lang: Lang, kenmerk?: string): PdfDocumentModel {
  const texts = TEXTS[lang];
  const sections = buildReview(flow, env, t, lang);
  return {
    lang,
    registerName: scenario === 'zovar' ? 'ZOVAR' : 'UZI-register',
    title: `${texts.title}: ${flowTitle(flow, scenario)}`,
    meta: [{ label: texts.created, value: formatDocumentDate(new Date(), lang) }, ...(kenmerk ? [{ label: texts.kenmerk, value: kenmerk }] : [])],
    blocks: [
      { kind: 'paragraph', text: texts.intro },
      ...sections.map((section) => ({ kind: 'rows' as const, heading: section.title, rows: section.rows.map((row) => ({ label: row.label, value: row.value })) })),
      { kind: 'heading', text: texts.send, level: 2 },
      { kind: 'list', items: [texts.sendDigital, texts.sendPost] },
      { kind: 'signature', heading: texts.signature, signers: [texts.signer] },
    ],
    footer: texts.footer,
  };
}
