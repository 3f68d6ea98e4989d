/**
 * The confirmation of submission of a stored delivery (documents or PKCS#10 file): what was
 * received, when, under which kenmerk, built from the stored data and the flow's own review
 * structure so it always matches the wizard.
 */
import type { Lang, Translate } from '../../../renderer/core/i18n';
import { buildReview } from '../../../renderer/core/review';
import { flowTitle, type FlowDocument, type FlowModel } from '../../../renderer/core/types';
import { renderPdf, type PdfDocumentModel } from '../pdf';
import type { SubmissionRecord } from '../storage';
import { formatDocumentDate } from './dates';

const TEXTS = {
  nl: {
    title: 'Bevestiging van aanlevering',
    received: 'Datum en tijd van ontvangst',
    kenmerk: 'Kenmerk',
    intro: 'Wij hebben uw aanlevering in goede orde ontvangen. Bewaar deze bevestiging bij uw administratie en vermeld het kenmerk bij vragen.',
    footer: 'Kenmerk {kenmerk}  ·  pagina {page} van {pages}',
  },
  en: {
    title: 'Confirmation of submission',
    received: 'Date and time of receipt',
    kenmerk: 'Reference',
    intro: 'We have received your submission. Keep this confirmation for your records and quote the reference with any questions.',
    footer: 'Reference {kenmerk}  ·  page {page} of {pages}',
  },
} as const;

export function submissionPdfModel(flow: FlowDocument, record: SubmissionRecord, t: Translate, lang: Lang): PdfDocumentModel {
  const texts = TEXTS[lang];
  const sections = buildReview(flow, record.data as FlowModel, t, lang);
  return {
    lang,
    registerName: record.scenario === 'zovar' ? 'ZOVAR' : 'UZI-register',
    title: texts.title,
    subtitle: flowTitle(flow, record.scenario),
    meta: [
      { label: texts.kenmerk, value: record.kenmerk },
      { label: texts.received, value: formatDocumentDate(record.createdAt, lang, true) },
    ],
    blocks: [
      { kind: 'paragraph', text: texts.intro },
      ...sections.map((section) => ({
        kind: 'rows' as const,
        heading: section.title,
        rows: section.rows.map((row) => ({ label: row.label, value: row.value })),
      })),
    ],
    footer: texts.footer.replace('{kenmerk}', record.kenmerk),
  };
}

export function renderSubmissionPdf(flow: FlowDocument, record: SubmissionRecord, t: Translate, lang: Lang): Promise<Buffer> {
  return renderPdf(submissionPdfModel(flow, record, t, lang));
}
