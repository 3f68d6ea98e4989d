/**
 * The confirmation of submission of a stored delivery (documents or PKCS#10 file): what was
 * received, when, under which kenmerk, built from the stored data and the flow's own review
 * structure so it always matches the wizard. A flow whose receipt is signed (the PKCS#10 file goes
 * with a paper renewal form) also gets how to send it and the signature block.
 */
import { withEnvironment } from '../../../renderer/core/environment';
import type { Lang, Translate } from '../../../renderer/core/i18n';
import { flowTitle, type FlowDocument, type FlowModel, type ReferenceLists } from '../../../renderer/core/types';
import type { ValidatorSet } from '../../../renderer/core/validate';
import type { PdfDocumentModel } from '../pdf';
import type { SubmissionRecord } from '../storage';
import { registerName } from './applicationPdf';
import { formatDocumentDate } from './dates';
import { pdfLangOf, signingBlocks } from './formParts';
import { reviewBlocks } from './sections';
import { DOCUMENT_TEXTS } from './texts';

export function submissionPdfModel(
  flow: FlowDocument,
  record: SubmissionRecord,
  t: Translate,
  lang: Lang,
  lists: ReferenceLists = {},
  now = new Date(),
  validators?: ValidatorSet,
): PdfDocumentModel {
  const texts = DOCUMENT_TEXTS[lang];
  const env = withEnvironment(flow, record.data as FlowModel, lists);
  return {
    lang,
    registerName: registerName(record.scenario),
    title: flowTitle(flow, record.scenario),
    ...(pdfLangOf(flow)(flowTitle(flow, record.scenario)) ? { titleLang: 'nl-NL' } : {}),
    metaTitle: `${texts.receipt}: ${flowTitle(flow, record.scenario)}`,
    subtitle: texts.receipt,
    meta: [
      { label: texts.kenmerk, value: record.kenmerk },
      { label: texts.received, value: formatDocumentDate(record.createdAt, lang, true) },
      { label: texts.created, value: formatDocumentDate(now, lang) },
    ],
    blocks: [{ kind: 'paragraph', text: texts.receiptIntro }, ...reviewBlocks(flow, env, t, lang, validators), ...signingBlocks(flow, env, texts)],
    footer: texts.footerWithKenmerk.replace('{kenmerk}', record.kenmerk),
  };
}
