/**
 * One part of a page that holds content blocks (a step's introduction or closing text, the review's,
 * the flow's start page, the confirmation page), folded away under its name: the text in the
 * rich-text editor (paragraphs, headings, lists, bold and links) and, under it, every block in its
 * place with what the text editor keeps fixed (alerts, links, downloads, numbered headings, lists
 * with a rule) made, changed, moved and removed.
 */
import { useId, useState } from 'react';
import type { JSONPath } from 'jsonc-parser';
import { RichTextEditor } from '../components/RichTextEditor';
import type { ContentBlock } from '../../../renderer/core/types';
import { BlocksEditor } from './BlocksEditor';
import { readBlocks } from './blockEdits';
import { setBlocks } from './documentEdits';

export interface PageBlocksProps {
  /** The name of the part, e.g. 'Inleiding van de stap'. */
  summary: string;
  /** The name of its text, e.g. "Inleiding van 'Uw gegevens'". */
  label: string;
  text: string;
  path: JSONPath;
  /** Keep an emptied list (a page that needs one, like the confirmation page). */
  keepEmpty?: boolean;
  /** The address a new download starts with. */
  downloadUrl?: string;
  onChange(text: string): void;
  readOnly: boolean;
}

export function PageBlocks({ summary, label, text, path, keepEmpty = false, downloadUrl, onChange, readOnly }: PageBlocksProps) {
  const id = useId();
  const blocks = readBlocks(text, path);
  // The editors are made when the part is opened: a flow has many parts, most of them empty.
  const [open, setOpen] = useState(blocks.length > 0);
  return (
    <details className="beheer-rule" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="beheer-rule__summary">{blocks.length > 0 ? summary : `${summary}: geen`}</summary>
      {open && (
        <>
          {!readOnly && (
            <RichTextEditor
              id={`${id}-tekst`}
              label={label}
              value={blocks as unknown as ContentBlock[]}
              onChange={(next) => onChange(setBlocks(text, path, next, keepEmpty))}
            />
          )}
          <p className="utrecht-paragraph beheer-blocks__title">Blokken</p>
          <BlocksEditor label={label} text={text} path={path} keepEmpty={keepEmpty} downloadUrl={downloadUrl} onChange={onChange} readOnly={readOnly} />
        </>
      )}
    </details>
  );
}
