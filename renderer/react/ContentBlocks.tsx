/**
 * Renders the content blocks of intro, review and confirmation pages from the flow document: texts
 * with `{placeholders}` filled from the flow's variables, blocks shown by rule, and lists taken from
 * the reference data (e.g. the required documents of the chosen institution type).
 */
import type { ReactNode } from 'react';
import type { Environment } from '../core/environment';
import { NO_DUTCH_TEXTS, type TextLang } from '../core/dutchTexts';
import { interpolate, type TextParams } from '../core/i18n';
import { chosenListItems, requiredDocuments } from '../core/documents';
import { evaluate } from '../core/logic';
import { listItemText } from '../core/partIds';
import type { ContentBlock, ReferenceLists } from '../core/types';
import { Alert } from '../../widgets';
import type { RendererContext } from './formContext';
import { InlineText } from './InlineText';
import { isAllowedAddress } from '../core/linkAddress';

export interface ContentBlocksProps {
  blocks: ContentBlock[] | undefined;
  params?: TextParams;
  context: Pick<RendererContext, 't' | 'lang' | 'textLang'>;
  /** The model as rules see it; without it, blocks with a rule are left out. */
  env?: Environment;
  lists?: ReferenceLists;
  homeUrl?: string;
  /** Lines of the register's postal address (for `postAddress` blocks). */
  postAddress?: string[];
  renderDownload?: (block: Extract<ContentBlock, { kind: 'download' }>) => ReactNode;
}

export function ContentBlocks({ blocks, params, context, env, lists, homeUrl, postAddress, renderDownload }: ContentBlocksProps) {
  const values = { ...(env?.$vars ?? {}), ...params };
  const text = (value: string) => interpolate(value, values);
  // A text the English page shows in Dutch carries `lang="nl"`.
  const textLang = context.textLang ?? NO_DUTCH_TEXTS;
  const shown = (blocks ?? []).filter((block) => !block.visibleIf || (env !== undefined && evaluate(block.visibleIf, env)));
  // The documents of each documents block, worked out once for numbering and for showing.
  const documents = shown.map((block) => (block.kind === 'requiredDocuments' && env ? requiredDocuments(block.items, env, lists ?? env.$lists) : []));
  // Numbered headings count only when they show (a documents list without documents has no heading).
  let count = 0;
  const numbers = shown.map((block, index) => {
    const shows = block.kind === 'heading' || (block.kind === 'requiredDocuments' && Boolean(block.title) && documents[index].length > 0);
    return (block.kind === 'heading' || block.kind === 'requiredDocuments') && block.numbered && shows ? ++count : undefined;
  });
  const numbered = (index: number, value: string) => (numbers[index] ? `${numbers[index]}. ${value}` : value);
  return (
    <>
      {shown.map((block, index) => {
        switch (block.kind) {
          case 'heading': {
            const Heading = block.level === 3 ? 'h3' : 'h2';
            return (
              <Heading key={block.id ?? index} className={`utrecht-heading-${block.level ?? 2}`} lang={textLang(block.text)}>
                {numbered(index, text(block.text))}
              </Heading>
            );
          }
          case 'paragraph':
            return (
              <p key={block.id ?? index} className="utrecht-paragraph" lang={textLang(block.text)}>
                <InlineText text={block.text} fill={text} />
              </p>
            );
          case 'list':
            return (
              <ul key={block.id ?? index} className="utrecht-unordered-list">
                {block.items.map((item, itemIndex) => (
                  <li key={typeof item === 'string' ? itemIndex : item.id} className="utrecht-unordered-list__item" lang={textLang(listItemText(item))}>
                    <InlineText text={listItemText(item)} fill={text} />
                  </li>
                ))}
              </ul>
            );
          case 'link':
            // A version stored before the pipeline checked addresses may hold another: shown as text, as in InlineText.
            return (
              <p key={block.id ?? index} className="utrecht-paragraph">
                {isAllowedAddress(block.href) ? (
                  <a className="utrecht-link" href={block.href} rel={block.external ? 'noopener noreferrer' : undefined} lang={textLang(block.text)}>
                    {text(block.text)}
                  </a>
                ) : (
                  <span lang={textLang(block.text)}>{text(block.text)}</span>
                )}
              </p>
            );
          case 'alert':
            return (
              <Alert
                key={block.id ?? index}
                type={block.type}
                title={block.title ? text(block.title) : undefined}
                titleLang={textLang(block.title)}
                t={context.t}
                lang={context.lang}
              >
                <p className="utrecht-paragraph" lang={textLang(block.text)}>
                  <InlineText text={block.text} fill={text} />
                </p>
              </Alert>
            );
          case 'download':
            return <div key={block.id ?? index}>{renderDownload?.(block)}</div>;
          case 'optionItems': {
            const items = chosenListItems(lists ?? env?.$lists, block.list, block.valueFrom, block.itemsKey, env);
            return items.length > 0 ? <RichList key={block.id ?? index} items={items} textLang={textLang} /> : null;
          }
          case 'requiredDocuments': {
            const items = documents[index];
            if (items.length === 0) return null;
            const Heading = block.level === 3 ? 'h3' : 'h2';
            return (
              <div key={block.id ?? index}>
                {block.title ? (
                  <Heading className={`utrecht-heading-${block.level ?? 2}`} lang={textLang(block.title)}>
                    {numbered(index, text(block.title))}
                  </Heading>
                ) : null}
                <RichList items={items} textLang={textLang} />
              </div>
            );
          }
          case 'homeLink':
            return homeUrl ? (
              <p key={block.id ?? index} className="utrecht-paragraph">
                <a className="utrecht-link" href={homeUrl} lang={textLang(block.text)}>
                  {text(block.text)}
                </a>
              </p>
            ) : null;
          case 'postAddress':
            return postAddress?.length ? (
              <address key={block.id ?? index} className="renderer-post-address">
                {postAddress.map((line, lineIndex) => (
                  <span key={lineIndex} className="renderer-post-address__line">
                    {line}
                  </span>
                ))}
              </address>
            ) : null;
          default:
            return null;
        }
      })}
    </>
  );
}

/** A bulleted list of reference-data texts that may hold <strong>/<em> (and links). */
function RichList({ items, textLang }: { items: string[]; textLang: TextLang }) {
  return (
    <ul className="utrecht-unordered-list">
      {items.map((item) => (
        <li key={item} className="utrecht-unordered-list__item" lang={textLang(item)}>
          <InlineText text={item} />
        </li>
      ))}
    </ul>
  );
}
