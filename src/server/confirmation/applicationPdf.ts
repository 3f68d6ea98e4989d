/**
 * The printable application form of a flow, built from the validated model and the flow document
 * only: the flow's title (with the variant), every review section and field in review order, the
 * review step's closing content (the cost line), the documents to enclose, how to send it and who
 * signs. An administrator who changes the flow changes this form with it.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Environment } from '../../../renderer/core/environment';
import type { Lang, Translate } from '../../../renderer/core/i18n';
import { flowTitle, VARIANT_KEY, type FlowDocument, type Scenario } from '../../../renderer/core/types';
import type { ValidatorSet } from '../../../renderer/core/validate';
import type { PdfDocumentModel } from '../pdf';
import { formatDocumentDate } from './dates';
import { documentBlocks, pdfLangOf, printableBlocks, signingBlocks } from './formParts';
import { reviewBlocks } from './sections';
import { DOCUMENT_TEXTS } from './texts';

export interface ApplicationFormInput {
  flow: FlowDocument;
  /** The validated model as rules see it (variant, lists, variables). */
  env: Environment;
  scenario: Scenario;
  t: Translate;
  lang: Lang;
  /** The kenmerk, for a flow whose application the server stored. */
  kenmerk?: string;
  /** Defaults to now. */
  createdAt?: Date;
  /** The version's validators: a step with conditions is printed as in effect for the data. */
  validators?: ValidatorSet;
}

/** 'UZI-register' or 'ZOVAR': the letterhead of the scenario. */
export function registerName(scenario: Scenario): string {
  return scenario === 'zovar' ? 'ZOVAR' : 'UZI-register';
}

/** The flow title in the scenario's wording, and the title of the model's variant (e.g. 'Artikel 34 Wet BIG'). */
export function documentTitle(flow: FlowDocument, scenario: Scenario, env: Environment): { title: string; variant?: string } {
  const variant = flow.variants?.find((candidate) => isDeepStrictEqual(candidate.constants, env[VARIANT_KEY]));
  return { title: flowTitle(flow, scenario), variant: variant?.title };
}

export function applicationPdfModel({ flow, env, scenario, t, lang, kenmerk, createdAt = new Date(), validators }: ApplicationFormInput): PdfDocumentModel {
  const texts = DOCUMENT_TEXTS[lang];
  const documents = documentBlocks(flow, env, texts);
  const { title, variant } = documentTitle(flow, scenario, env);
  const kind = variant ? `${texts.applicationForm} – ${variant}` : texts.applicationForm;
  const langOf = pdfLangOf(flow);
  const titleLang = langOf(title);
  return {
    lang,
    registerName: registerName(scenario),
    title,
    ...(titleLang ? { titleLang } : {}),
    metaTitle: `${texts.applicationForm}: ${variant ? `${title} – ${variant}` : title}`,
    subtitle: kind,
    meta: [...(kenmerk ? [{ label: texts.kenmerk, value: kenmerk }] : []), { label: texts.created, value: formatDocumentDate(createdAt, lang) }],
    blocks: [
      { kind: 'paragraph', text: documents.length > 0 ? texts.applicationIntroWithDocuments : texts.applicationIntro },
      ...reviewBlocks(flow, env, t, lang, validators),
      ...printableBlocks(flow.review.outro, env, langOf),
      ...documents,
      ...signingBlocks(flow, env, texts, documents.length > 0),
    ],
    footer: kenmerk ? texts.footerWithKenmerk.replace('{kenmerk}', kenmerk) : texts.footer,
  };
}
