/**
 * The fixed texts of the printed documents, in both portal languages. Everything flow-specific
 * (titles, labels, the cost line, required documents, who signs) comes from the flow document and
 * its translation file instead.
 */
import type { Lang } from '../../../renderer/core/i18n';

export interface DocumentTexts {
  applicationForm: string;
  receipt: string;
  created: string;
  received: string;
  kenmerk: string;
  applicationIntro: string;
  applicationIntroWithDocuments: string;
  receiptIntro: string;
  documentsHeading: string;
  documentsIntro: string;
  sendHeading: string;
  sendDigital: string;
  sendDigitalWithDocuments: string;
  sendPost: string;
  signatureHeading: string;
  signatureStatement: string;
  footer: string;
  footerWithKenmerk: string;
}

/** The register's freepost address (no stamp needed), one line per envelope line. */
export const FREEPOST = ['UZI-register', 'Antwoordnummer 10010', '2500 VC  Den Haag'];

export const DOCUMENT_TEXTS: Record<Lang, DocumentTexts> = {
  nl: {
    applicationForm: 'Aanvraagformulier',
    receipt: 'Bevestiging van aanlevering',
    created: 'Datum aanmaak',
    received: 'Datum en tijd van ontvangst',
    kenmerk: 'Kenmerk',
    applicationIntro:
      'Controleer de gegevens op dit formulier. Klopt alles? Onderteken het formulier dan en stuur het naar ons terug. Wij behandelen uw aanvraag zodra wij het ondertekende formulier hebben ontvangen.',
    applicationIntroWithDocuments:
      'Controleer de gegevens op dit formulier. Klopt alles? Onderteken het formulier dan en stuur het, samen met de gevraagde documenten, naar ons terug. Wij behandelen uw aanvraag zodra wij het ondertekende formulier en de documenten hebben ontvangen.',
    receiptIntro: 'Wij hebben uw aanlevering in goede orde ontvangen. Bewaar deze bevestiging bij uw administratie en vermeld het kenmerk bij vragen.',
    documentsHeading: 'Mee te sturen documenten',
    documentsIntro: 'Stuur deze documenten mee met het ondertekende formulier:',
    sendHeading: 'Versturen',
    sendDigital: 'Digitaal: lever het ondertekende formulier aan via Aanleveren documenten (uzi/aanleveren-documenten) op de website van het UZI-register.',
    sendDigitalWithDocuments:
      'Digitaal: lever het ondertekende formulier en de documenten aan via Aanleveren documenten (uzi/aanleveren-documenten) op de website van het UZI-register.',
    sendPost: `Per post, zonder postzegel, naar:\n${FREEPOST.join('\n')}\nVersturen per post duurt langer.`,
    signatureHeading: 'Ondertekening',
    signatureStatement: 'Door te ondertekenen verklaart u dat u dit formulier volledig en naar waarheid heeft ingevuld.',
    footer: 'pagina {page} van {pages}',
    footerWithKenmerk: 'Kenmerk {kenmerk}  ·  pagina {page} van {pages}',
  },
  en: {
    applicationForm: 'Application form',
    receipt: 'Confirmation of submission',
    created: 'Date created',
    received: 'Date and time of receipt',
    kenmerk: 'Reference',
    applicationIntro:
      'Please check the details on this form. If everything is correct, sign the form and send it back to us. We will process your application once we have received the signed form.',
    applicationIntroWithDocuments:
      'Please check the details on this form. If everything is correct, sign the form and send it back to us together with the documents requested. We will process your application once we have received the signed form and the documents.',
    receiptIntro: 'We have received your submission. Keep this confirmation for your records and quote the reference with any questions.',
    documentsHeading: 'Documents to enclose',
    documentsIntro: 'Send these documents together with the signed form:',
    sendHeading: 'Sending',
    sendDigital: 'Digitally: submit the signed form through Submit documents (uzi/aanleveren-documenten) on the UZI register website.',
    sendDigitalWithDocuments:
      'Digitally: submit the signed form and the documents through Submit documents (uzi/aanleveren-documenten) on the UZI register website.',
    sendPost: `By post, no stamp needed, to:\n${FREEPOST.join('\n')}\nSending by post takes longer.`,
    signatureHeading: 'Signature',
    signatureStatement: 'By signing, you declare that you have completed this form fully and truthfully.',
    footer: 'page {page} of {pages}',
    footerWithKenmerk: 'Reference {kenmerk}  ·  page {page} of {pages}',
  },
};
