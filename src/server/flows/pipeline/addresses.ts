/**
 * The addresses a flow's content links to: a link block's `href`, a download's `url` and every link
 * in the markup of a text (`<a href="…">`) must be an address the portal allows (https, mailto or
 * one within the portal; renderer/core/linkAddress.ts). The renderer would show any other link as
 * plain text; the check refuses it so an administrator learns of it before an applicant does.
 */
import { linkAddresses } from '../../../../renderer/core/inlineMarkup';
import { addressProblem } from '../../../../renderer/core/linkAddress';
import type { DesignProblem } from '../../../../renderer/core/rules';
import type { ContentBlock, FlowDocument } from '../../../../renderer/core/types';

const refused = (pointer: string, address: string, problem: string): DesignProblem => ({ pointer, message: `de link naar '${address}' is niet toegestaan. ${problem}` });

/** The problems of one text's links. */
function textProblems(pointer: string, text: unknown): DesignProblem[] {
  if (typeof text !== 'string') return [];
  return linkAddresses(text).flatMap((address) => {
    const problem = addressProblem(address);
    return problem ? [refused(pointer, address, problem)] : [];
  });
}

function blockProblems(pointer: string, blocks: ContentBlock[] | undefined): DesignProblem[] {
  return (blocks ?? []).flatMap((block, index) => {
    const at = `${pointer}/${index}`;
    const own = (key: string, address: unknown) => {
      const problem = typeof address === 'string' ? addressProblem(address) : undefined;
      return problem ? [refused(`${at}/${key}`, address as string, problem)] : [];
    };
    const texts = (Array.isArray((block as { items?: unknown }).items) ? ((block as { items: unknown[] }).items) : []).flatMap((item, itemIndex) =>
      textProblems(`${at}/items/${itemIndex}${typeof item === 'string' ? '' : '/text'}`, typeof item === 'string' ? item : (item as { text?: unknown } | null)?.text),
    );
    return [
      ...(block.kind === 'link' ? own('href', block.href) : []),
      ...(block.kind === 'download' ? own('url', block.url) : []),
      ...('text' in block ? textProblems(`${at}/text`, block.text) : []),
      ...texts,
    ];
  });
}

/** Every link of the flow's content blocks to an address that is not allowed. */
export function addressProblems(flow: FlowDocument): DesignProblem[] {
  return [
    ...blockProblems('/intro/blocks', flow.intro?.blocks),
    ...flow.steps.flatMap((step, index) => [...blockProblems(`/steps/${index}/intro`, step.intro), ...blockProblems(`/steps/${index}/outro`, step.outro)]),
    ...blockProblems('/review/intro', flow.review.intro),
    ...blockProblems('/review/outro', flow.review.outro),
    ...blockProblems('/confirmation/blocks', flow.confirmation.blocks),
  ];
}
