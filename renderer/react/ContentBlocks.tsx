/** Renders the content blocks of intro, review and confirmation pages from the flow document. */
import type { ReactNode } from 'react';
import { interpolate, type TextParams } from '../core/i18n';
import type { ContentBlock } from '../core/types';
import { Alert } from '../../widgets';
import type { RendererContext } from './formContext';

export interface ContentBlocksProps {
  blocks: ContentBlock[] | undefined;
  params?: TextParams;
  context: Pick<RendererContext, 't' | 'lang'>;
  homeUrl?: string;
  renderDownload?: (block: Extract<ContentBlock, { kind: 'download' }>) => ReactNode;
}

export function ContentBlocks({ blocks, params, context, homeUrl, renderDownload }: ContentBlocksProps) {
  const text = (value: string) => interpolate(value, params);
  return (
    <>
      {(blocks ?? []).map((block, index) => {
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
