/**
 * Renders reference-data texts that may hold <strong> and <em> (e.g. required-document lists) as
 * React elements. Every other tag is shown as text: no HTML is injected into the page.
 */
import { Fragment, type ReactNode } from 'react';

const TAG = /<(\/?)(strong|em)>/g;

export function RichText({ html }: { html: string }) {
  const nodes: ReactNode[] = [];
  const stack: { tag: 'strong' | 'em'; children: ReactNode[] }[] = [];
  const push = (node: ReactNode) => (stack.length ? stack[stack.length - 1].children : nodes).push(node);
  let last = 0;
  for (const match of html.matchAll(TAG)) {
    if (match.index > last) push(html.slice(last, match.index));
    last = match.index + match[0].length;
    const [, closing, tag] = match as unknown as [string, string, 'strong' | 'em'];
    if (!closing) stack.push({ tag, children: [] });
    else if (stack.at(-1)?.tag === tag) {
      const open = stack.pop()!;
      const Tag = open.tag;
      push(<Tag key={`${Tag}-${match.index}`}>{open.children.map((child, i) => <Fragment key={i}>{child}</Fragment>)}</Tag>);
    }
  }
  if (last < html.length) push(html.slice(last));
  while (stack.length) nodes.push(...stack.shift()!.children);
  return <>{nodes.map((node, i) => <Fragment key={i}>{node}</Fragment>)}</>;
}
