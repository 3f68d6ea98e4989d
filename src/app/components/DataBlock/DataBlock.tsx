/**
 * A titled block of read-only data (e.g. the applicant's details on a request page): a heading with
 * an optional sub-heading and action, then groups of label/value lines or free text, each group
 * with an optional heading one level lower.
 */
import type { ReactNode } from 'react';
import { DataBlockAction, hasAction, type DataBlockActionFields } from './DataBlockAction';
import './dataBlock.css';

export type { DataBlockActionFields };

/** Heading of a {@link DataBlock}. */
export interface DataBlockHeader extends DataBlockActionFields {
  text: string;
  subHeader?: string;
}

/** One label/value line of a group. */
export interface DataBlockLine extends DataBlockActionFields {
  label: string;
  value?: ReactNode;
}

/** A group of lines (a description list) and/or free text, with an optional heading. */
export interface DataBlockGroup {
  header?: string;
  lines?: DataBlockLine[];
  text?: ReactNode;
}

/** Props of {@link DataBlock}. */
export interface DataBlockProps {
  header: DataBlockHeader;
  blocks: DataBlockGroup[];
  /** Level of the block's heading (default 2); group headings are one lower. */
  headingLevel?: 2 | 3;
}

/** A `<section>` with its heading and per group a `<dl>` of the lines or the text. */
export function DataBlock({ header, blocks, headingLevel = 2 }: DataBlockProps) {
  const Heading = `h${headingLevel}` as const;
  const GroupHeading = `h${headingLevel + 1}` as 'h3' | 'h4';
  return (
    <section className="portal-data-block">
      <div className="portal-data-block__header">
        <div>
          <Heading className={`utrecht-heading-${headingLevel} portal-data-block__heading`}>{header.text}</Heading>
          {header.subHeader ? <p className="portal-data-block__sub-header">{header.subHeader}</p> : null}
        </div>
        <DataBlockAction action={header} target={header.text} />
      </div>
      {blocks.map((block, index) => (
        <div key={`${index}-${block.header ?? ''}`} className="portal-data-block__group">
          {block.header ? <GroupHeading className={`utrecht-heading-${headingLevel + 1} portal-data-block__group-heading`}>{block.header}</GroupHeading> : null}
          {block.lines && block.lines.length > 0 ? (
            <dl className="portal-data-block__list">
              {block.lines.map((line, lineIndex) => (
                <div key={`${lineIndex}-${line.label}`} className="portal-data-block__line">
                  <dt className="portal-data-block__label">{line.label}</dt>
                  <dd className="portal-data-block__value">{line.value}</dd>
                  {hasAction(line) ? (
                    <dd className="portal-data-block__line-action">
                      <DataBlockAction action={line} target={line.label} />
                    </dd>
                  ) : null}
                </div>
              ))}
            </dl>
          ) : null}
          {block.text ? <div className="portal-data-block__text">{block.text}</div> : null}
        </div>
      ))}
    </section>
  );
}
