/**
 * The logical structure tree of a tagged PDF (`pdfinfo -struct-text`) as nodes, so tests can ask
 * what a screen reader gets: the headings, the label/value pairs of the tables, the list items
 * under a heading.
 */
import { pdfStructure } from './poppler';

export interface StructNode {
  tag: string;
  /** Text content directly inside this element (its marked content), in order. */
  texts: string[];
  children: StructNode[];
}

/** Parses the indented `pdfinfo -struct-text` output. */
export function structureTree(pdf: Buffer): StructNode {
  const root: StructNode = { tag: '(root)', texts: [], children: [] };
  const stack: { indent: number; node: StructNode }[] = [{ indent: -1, node: root }];
  for (const line of pdfStructure(pdf).split('\n')) {
    if (!line.trim()) continue;
    const indent = line.length - line.trimStart().length;
    const content = line.trim();
    while (stack.length > 1 && stack[stack.length - 1].indent >= indent) stack.pop();
    const parent = stack[stack.length - 1].node;
    if (content.startsWith('"')) {
      parent.texts.push(JSON.parse(content.replace(/\\(?!["\\/bfnrtu])/g, '\\\\')) as string);
    } else if (content.startsWith('/')) {
      // An attribute such as /Scope /Row: not content.
    } else {
      const node: StructNode = { tag: content.split(/[\s:]/)[0], texts: [], children: [] };
      parent.children.push(node);
      stack.push({ indent, node });
    }
  }
  return root;
}

/** All text under a node, in reading order, joined by single spaces; list bullets (Lbl) left out. */
export function textOf(node: StructNode): string {
  const children = node.children.filter((child) => child.tag !== 'Lbl');
  return [...node.texts, ...children.map(textOf)].join(' ').replace(/\s+/g, ' ').trim();
}

/** Every node with the tag, depth first. */
export function findAll(node: StructNode, tag: string): StructNode[] {
  return [...(node.tag === tag ? [node] : []), ...node.children.flatMap((child) => findAll(child, tag))];
}

/** The label/value pairs of every table row (TH, TD). */
export function tableRows(tree: StructNode): { label: string; value: string }[] {
  return findAll(tree, 'TR').map((tr) => ({
    label: textOf(tr.children.find((child) => child.tag === 'TH') ?? { tag: 'TH', texts: [], children: [] }),
    value: textOf(tr.children.find((child) => child.tag === 'TD') ?? { tag: 'TD', texts: [], children: [] }),
  }));
}

/** The section (Sect) whose H2 reads `heading`, if any. */
export function section(tree: StructNode, heading: string): StructNode | undefined {
  return findAll(tree, 'Sect').find((sect) => sect.children.some((child) => child.tag === 'H2' && textOf(child) === heading));
}

/** The items (LBody texts) of the lists in a node. */
export function listItems(node: StructNode): string[] {
  return findAll(node, 'LBody').map(textOf);
}
