/**
 * The parts of a printed form after the answers, each taken from the flow document: the review
 * step's closing content (the cost line), the documents to enclose (the same definition the
 * confirmation page shows), how to send the form back, and who signs it.
 */
import type { Environment } from '../../../renderer/core/environment';
import { interpolate } from '../../../renderer/core/i18n';
import { plainText } from '../../../renderer/core/inlineMarkup';
import { requiredDocuments, requiredDocumentsBlock } from '../../../renderer/core/documents';
import { evaluate } from '../../../renderer/core/logic';
import { listItemText } from '../../../renderer/core/partIds';
import { getAt, isEmptyValue } from '../../../renderer/core/paths';
import type { ContentBlock, FlowDocument, FormSigner, JsonLogic } from '../../../renderer/core/types';
import type { PdfBlock, PdfLang, PdfSigner } from '../pdf';
import { textLangOf } from '../../../renderer/core/dutchTexts';
import type { DocumentTexts } from './texts';

const applies = (rule: JsonLogic | undefined, env: Environment) => rule === undefined || evaluate(rule, env);

/** The PDF language of a text of the flow: 'nl-NL' for one an English form prints in Dutch (no current English), else none. */
export function pdfLangOf(flow: Pick<FlowDocument, 'dutchTexts'>): (text: string | undefined) => PdfLang {
  const textLang = textLangOf(flow);
  return (text) => (textLang(text) ? 'nl-NL' : undefined);
}

const NO_LANG = (): PdfLang => undefined;

/** The languages of a list's items, only when one of them is not the form's own. */
const langsOf = (langs: PdfLang[]): { langs?: PdfLang[] } => (langs.some((lang) => lang !== undefined) ? { langs } : {});

/** Content blocks that have a printed form (headings, paragraphs, lists, alerts as paragraphs); the rest is for the screen. */
export function printableBlocks(blocks: ContentBlock[] | undefined, env: Environment, langOf: (text: string | undefined) => PdfLang = NO_LANG): PdfBlock[] {
  const fill = (text: string) => interpolate(text, env.$vars);
  const lang = (text: string | undefined) => {
    const found = langOf(text);
    return found ? { lang: found } : {};
  };
  // Bold and links are for the screen: paper gets the words, a link with its address.
  const words = (text: string) => fill(plainText(text));
  return (blocks ?? []).flatMap((block): PdfBlock[] => {
    if (!applies(block.visibleIf, env)) return [];
    switch (block.kind) {
      case 'heading':
        return [{ kind: 'heading', text: fill(block.text), level: block.level ?? 2, ...lang(block.text) }];
      case 'paragraph':
        return [{ kind: 'paragraph', text: words(block.text), ...lang(block.text) }];
      case 'list':
        return [
          { kind: 'list', items: block.items.map((item) => words(listItemText(item))), ...langsOf(block.items.map((item) => langOf(listItemText(item)))) },
        ];
      case 'alert':
        // Title and text print as one paragraph: Dutch only when the text is.
        return [{ kind: 'paragraph', text: block.title ? `${fill(block.title)}: ${words(block.text)}` : words(block.text), ...lang(block.text) }];
      default:
        return [];
    }
  });
}

/** The documents to enclose, as the confirmation page lists them; nothing when none applies. */
export function documentBlocks(flow: FlowDocument, env: Environment, texts: DocumentTexts): PdfBlock[] {
  const block = requiredDocumentsBlock(flow);
  if (!block || !applies(block.visibleIf, env)) return [];
  // Reference-data texts may hold <strong>/<em> (emphasis on screen): paper gets them as plain text.
  const found = requiredDocuments(block.items, env);
  if (found.length === 0) return [];
  const langOf = pdfLangOf(flow);
  return [
    { kind: 'heading', text: texts.documentsHeading, level: 2 },
    { kind: 'paragraph', text: texts.documentsIntro },
    { kind: 'list', items: found.map(plainText), langs: found.map((item) => langOf(item)) },
  ];
}

/** The signers that apply to this model, with their names from the model. */
export function signers(flow: FlowDocument, env: Environment): PdfSigner[] {
  const langOf = pdfLangOf(flow);
  return (flow.confirmation.download?.signers ?? [])
    .filter((signer) => applies(signer.visibleIf, env))
    .map((signer) => {
      const titleLang = langOf(signer.title);
      return { title: interpolate(signer.title, env.$vars), ...(titleLang ? { titleLang } : {}), name: signerName(signer, env) };
    });
}

function signerName(signer: FormSigner, env: Environment): string | undefined {
  const parts = (signer.nameFrom ?? []).map((path) => getAt(env, path)).filter((value) => !isEmptyValue(value));
  return parts.length > 0 ? parts.map(String).join(' ') : undefined;
}

/**
 * The signature block, then how to send the signed form back (with the documents, when the form
 * asks for any); nothing for a document nobody signs.
 */
export function signingBlocks(flow: FlowDocument, env: Environment, texts: DocumentTexts, withDocuments = false): PdfBlock[] {
  const who = signers(flow, env);
  if (who.length === 0) return [];
  return [
    { kind: 'signature', heading: texts.signatureHeading, statement: texts.signatureStatement, signers: who },
    { kind: 'heading', text: texts.sendHeading, level: 2 },
    { kind: 'list', items: [withDocuments ? texts.sendDigitalWithDocuments : texts.sendDigital, texts.sendPost] },
  ];
}
