/**
 * The addresses a flow's content links to: a link block's `href`, a download's `url` and every link
 * in the markup of a text (`<a href="…">`) must be an address the portal allows (https, mailto or
 * one within the portal; renderer/core/linkAddress.ts). The renderer would show any other link as
 * plain text; the check refuses it so an administrator learns of it before an applicant does. The
 * English texts are checked too: a translation carries the markup, links included.
 */
import { linkAddresses } from '../../../../renderer/core/inlineMarkup';
import { addressProblem } from '../../../../renderer/core/linkAddress';
import type { DesignProblem } from '../../../../renderer/core/rules';
import type { ContentBlock, FlowDocument } from '../../../../renderer/core/types';

/** Which texts are checked: the Dutch document's, or its English translation's (the same pointers). */
export type TextLanguage = 'nl' | 'en';

const refusal =
  (language: TextLanguage) =>
  (pointer: string, address: string, problem: string): DesignProblem => ({
    pointer,
    message: `de link naar '${address}'${language === 'en' ? ' in de Engelse tekst' : ''} is niet toegestaan. ${problem}`,
  });

/** The problems of one text's links. */
function textProblems(refused: ReturnType<typeof refusal>, pointer: string, text: unknown): DesignProblem[] {
  if (typeof text !== 'string') return [];
  return linkAddresses(text).flatMap((address) => {
    const problem = addressProblem(address);
    return problem ? [refused(pointer, address, problem)] : [];
  });
}

function blockProblems(refused: ReturnType<typeof refusal>, pointer: string, blocks: ContentBlock[] | undefined): DesignProblem[] {
  return (blocks ?? []).flatMap((block, index) => {
    const at = `${pointer}/${index}`;
    const own = (key: string, address: unknown) => {
      const problem = typeof address === 'string' ? addressProblem(address) : undefined;
      return problem ? [refused(`${at}/${key}`, address as string, problem)] : [];
    };
    const texts = (Array.isArray((block as { items?: unknown }).items) ? (block as { items: unknown[] }).items : []).flatMap((item, itemIndex) =>
      textProblems(
        refused,
        `${at}/items/${itemIndex}${typeof item === 'string' ? '' : '/text'}`,
        typeof item === 'string' ? item : (item as { text?: unknown } | null)?.text,
      ),
    );
    return [
      ...(block.kind === 'link' ? own('href', block.href) : []),
      ...(block.kind === 'download' ? own('url', block.url) : []),
      ...('text' in block ? textProblems(refused, `${at}/text`, block.text) : []),
      ...texts,
    ];
  });
}

/** Every link of the flow's content blocks to an address that is not allowed (in `language`'s texts). */
export function addressProblems(flow: FlowDocument, language: TextLanguage = 'nl'): DesignProblem[] {
  const refused = refusal(language);
  const blocks = (pointer: string, list: ContentBlock[] | undefined) => blockProblems(refused, pointer, list);
  return [
    ...blocks('/intro/blocks', flow.intro?.blocks),
    ...flow.steps.flatMap((step, index) => [...blocks(`/steps/${index}/intro`, step.intro), ...blocks(`/steps/${index}/outro`, step.outro)]),
    ...blocks('/review/intro', flow.review.intro),
    ...blocks('/review/outro', flow.review.outro),
    ...blocks('/confirmation/blocks', flow.confirmation.blocks),
  ];
}
