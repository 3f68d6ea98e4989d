/**
 * Renders the content blocks of intro, review and confirmation pages from the flow document: texts
 * with `{placeholders}` filled from the flow's variables, blocks shown by rule, and lists taken from
 * the reference data (e.g. the required documents of the chosen institution type).
 */
import type { ReactNode } from 'react';
import type { Environment } from '../core/environment';
import { interpolate, type TextParams } from '../core/i18n';
import { evaluate } from '../core/logic';
import { getAt } from '../core/paths';
import type { ContentBlock, ReferenceLists } from '../core/types';
import { Alert } from '../../widgets';
import type { RendererContext } from './formContext';
import { RichText } from './RichText';

export interface ContentBlocksProps {
  blocks: ContentBlock[] | undefined;
  params?: TextParams;
  context: Pick<RendererContext, 't' | 'lang'>;
  /** The model as rules see it; without it, blocks with a rule are left out. */
  env?: Environment;
  lists?: ReferenceLists;
  homeUrl?: string;
  renderDownload?: (block: Extract<ContentBlock, { kind: 'download' }>) => ReactNode;
}

/** The entries of a list item chosen in the model (e.g. `Documents` of the chosen type). */
function optionItems(block: Extract<ContentBlock, { kind: 'optionItems' }>, env: Environment | undefined, lists: ReferenceLists | undefined): string[] {
  const list = lists?.[block.list];
  const chosen = env ? getAt(env, block.valueFrom) : undefined;
  const item = Array.isArray(list) ? (list.find((entry) => (entry as { Value?: unknown }).Value === chosen) as Record<string, unknown> | undefined) : undefined;
  const items = item?.[block.itemsKey];
  return Array.isArray(items) ? items.filter((entry): entry is string => typeof entry === 'string') : [];
}

export function ContentBlocks({ blocks, params, context, env, lists, homeUrl, renderDownload }: ContentBlocksProps) {
  const values = { ...(env?.$vars ?? {}), ...params };
  const text = (value: string) => interpolate(value, values);
  const shown = (blocks ?? []).filter((block) => !block.visibleIf || (env !== undefined && evaluate(block.visibleIf, env)));
  return (
    <>
      {shown.map((block, index) => {
        switch (block.kind) {
          case 'heading': {
            const Heading = block.level === 3 ? 'h3' : 'h2';
            return <Heading key={index} className={`utrecht-heading-${block.level ?? 2}`}>{text(block.text)}</Heading>;
          }
          case 'paragraph':
            return <p key={index} className="utrecht-paragraph">{text(block.text)}</p>;
          case 'list':
            return (
              <ul key={index} className="utrecht-unordered-list">
                {block.items.map((item) => <li key={item} className="utrecht-unordered-list__item">{text(item)}</li>)}
              </ul>
            );
          case 'link':
            return (
              <p key={index} className="utrecht-paragraph">
                <a className="utrecht-link" href={block.href} rel={block.external ? 'noopener noreferrer' : undefined}>{text(block.text)}</a>
              </p>
            );
          case 'alert':
            return (
              <Alert key={index} type={block.type} title={block.title ? text(block.title) : undefined} t={context.t} lang={context.lang}>
                <p className="utrecht-paragraph">{text(block.text)}</p>
              </Alert>
            );
          case 'download':
            return <div key={index}>{renderDownload?.(block)}</div>;
          case 'optionItems': {
            const items = optionItems(block, env, lists ?? env?.$lists);
            return items.length > 0 ? (
              <ul key={index} className="utrecht-unordered-list">
                {items.map((item) => <li key={item} className="utrecht-unordered-list__item"><RichText html={item} /></li>)}
              </ul>
            ) : null;
          }
          case 'homeLink':
            return homeUrl ? (
              <p key={index} className="utrecht-paragraph"><a className="utrecht-link" href={homeUrl}>{text(block.text)}</a></p>
            ) : null;
          default:
            return null;
        }
      })}
    </>
  );
}
