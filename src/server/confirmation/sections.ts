/**
 * The review summary as printed blocks: a section per step in review order, and inside a section
 * the rows under their sub-heading as the review shows them (a titled sub-object such as an address,
 * or a heading of the step), so that two 'Postcode' rows can be told apart on paper.
 */
import type { Environment } from '../../../renderer/core/environment';
import type { Lang, Translate } from '../../../renderer/core/i18n';
import { buildReview } from '../../../renderer/core/review';
import type { FlowDocument } from '../../../renderer/core/types';
import type { ValidatorSet } from '../../../renderer/core/validate';
import type { PdfBlock } from '../pdf';

/** 'nl-NL' where the review marks a text as Dutch on an English form. */
const pdfLang = (lang: 'nl' | undefined) => (lang ? 'nl-NL' : undefined);

/** Review sections of the model as heading + rows blocks (steps with conditions as in effect: pass the version's validators). */
export function reviewBlocks(flow: FlowDocument, env: Environment, t: Translate, lang: Lang, validators?: ValidatorSet): PdfBlock[] {
  const blocks: PdfBlock[] = [];
  for (const section of buildReview(flow, env, t, lang, { validators })) {
    if (section.rows.length === 0) continue;
    blocks.push({ kind: 'heading', text: section.title, level: 2, ...(section.titleLang ? { lang: pdfLang(section.titleLang) } : {}) });
    let current: { group: string | undefined; block: Extract<PdfBlock, { kind: 'rows' }> } | undefined;
    for (const row of section.rows) {
      const { group } = row;
      if (!current || current.group !== group) {
        const headingLang = pdfLang(row.groupLang);
        current = {
          group,
          block: group ? { kind: 'rows', heading: group, ...(headingLang ? { headingLang } : {}), indent: true, rows: [] } : { kind: 'rows', rows: [] },
        };
        blocks.push(current.block);
      }
      const [labelLang, valueLang] = [pdfLang(row.labelLang), pdfLang(row.valueLang)];
      current.block.rows.push({ label: row.label, value: row.value, ...(labelLang ? { labelLang } : {}), ...(valueLang ? { valueLang } : {}) });
    }
  }
  return blocks;
}
