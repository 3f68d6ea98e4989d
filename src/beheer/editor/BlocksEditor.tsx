/**
 * The blocks of one page part (a step's introduction, the confirmation page, …) as a list: each
 * block in words with 'Omhoog', 'Omlaag', 'Wijzigen' (its form in place) and 'Verwijderen' (after
 * a confirmation), and 'Blok toevoegen' with a kind and a place. The texts themselves are also
 * edited in the rich-text editor beside it; this list is where alerts, links, downloads, numbered
 * headings and lists are made and every block is put in its place. Focus stays with the block
 * worked on: a moved block keeps it on the button pressed, a closed form gives it back to 'Wijzigen'.
 */
import { useId, useRef, useState } from 'react';
import { Button } from '@utrecht/button-react';
import { useFocusLater } from './useFocusLater';
import type { JSONPath } from 'jsonc-parser';
import { BlockForm } from './BlockForm';
import './parts.css';
import {
  BLOCK_KINDS,
  addBlock,
  blockFromDraft,
  blockSummary,
  draftOf,
  isEditableKind,
  moveBlock,
  readBlocks,
  removeBlock,
  updateBlock,
  type EditableKind,
} from './blockEdits';

export interface BlocksEditorProps {
  /** The page part, e.g. "Inleiding van ‘Uw gegevens’". */
  label: string;
  text: string;
  path: JSONPath;
  /** Keep an emptied list (a page that needs one, like the confirmation page). */
  keepEmpty?: boolean;
  /** The address a new download starts with (the flow's confirmation download). */
  downloadUrl?: string;
  onChange(text: string): void;
  readOnly: boolean;
}

type Control = 'omhoog' | 'omlaag' | 'wijzigen' | 'verwijderen' | 'ja';

export function BlocksEditor({ label, text, path, keepEmpty = false, downloadUrl = '', onChange, readOnly }: BlocksEditorProps) {
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const blocks = readBlocks(text, path);
  const [editing, setEditing] = useState<number>();
  const [removing, setRemoving] = useState<number>();
  const [adding, setAdding] = useState<EditableKind>();
  const [kind, setKind] = useState<EditableKind>('alert');
  const [place, setPlace] = useState(-1);
  const [status, setStatus] = useState('');

  // Focus moves after the change has been drawn.
  const focusAfter = useFocusLater(root);
  const focusLater = (selector: string) => focusAfter((container) => container.querySelector<HTMLElement>(selector));
  const focusRow = (row: number, control: Control) => focusLater(`[data-row="${row}"] [data-control="${control}"]`);

  const move = (index: number, by: -1 | 1, control: Control) => {
    const target = index + by;
    if (target < 0 || target >= blocks.length) return;
    setStatus(`${blockSummary(blocks[index])} staat nu op plaats ${target + 1} van ${blocks.length}.`);
    focusRow(target, control);
    onChange(moveBlock(text, path, index, target));
  };

  const remove = (index: number) => {
    setRemoving(undefined);
    setStatus(`${blockSummary(blocks[index])} verwijderd.`);
    if (blocks.length === 1) focusLater('[data-control="toevoegen"]');
    else focusRow(Math.min(index, blocks.length - 2), 'verwijderen');
    onChange(removeBlock(text, path, index, keepEmpty));
  };

  const at = place < 0 ? blocks.length : place;

  return (
    <div className="beheer-blocks" ref={root}>
      {blocks.length === 0 ? (
        <p className="utrecht-paragraph">Er zijn nog geen blokken.</p>
      ) : (
        <ol className="utrecht-ordered-list beheer-blocks__list" aria-label={`Blokken van ${label}`}>
          {blocks.map((block, index) => {
            const summary = blockSummary(block);
            const name = <span className="visually-hidden">{` ${summary}`}</span>;
            return (
              <li key={index} className="utrecht-ordered-list__item beheer-blocks__item" data-row={index}>
                <span className="beheer-blocks__summary">{summary}</span>
                {!readOnly && editing !== index && (
                  <div className="beheer-actions">
                    <Button
                      appearance="secondary-action-button"
                      data-control="omhoog"
                      aria-disabled={index === 0 || undefined}
                      onClick={() => move(index, -1, 'omhoog')}
                    >
                      Omhoog{name}
                    </Button>
                    <Button
                      appearance="secondary-action-button"
                      data-control="omlaag"
                      aria-disabled={index === blocks.length - 1 || undefined}
                      onClick={() => move(index, 1, 'omlaag')}
                    >
                      Omlaag{name}
                    </Button>
                    {isEditableKind(block.kind) && (
                      <Button appearance="secondary-action-button" data-control="wijzigen" onClick={() => setEditing(index)}>
                        Wijzigen{name}
                      </Button>
                    )}
                    {removing === index ? (
                      <span role="group" aria-label={`${summary} verwijderen`} className="beheer-actions">
                        <span className="utrecht-paragraph">Dit blok verwijderen?</span>
                        <Button appearance="primary-action-button" data-control="ja" onClick={() => remove(index)}>
                          Ja, verwijderen
                        </Button>
                        <Button
                          appearance="secondary-action-button"
                          onClick={() => {
                            setRemoving(undefined);
                            focusRow(index, 'verwijderen');
                          }}
                        >
                          Nee, bewaren
                        </Button>
                      </span>
                    ) : (
                      <Button
                        appearance="subtle-button"
                        data-control="verwijderen"
                        onClick={() => {
                          setRemoving(index);
                          focusRow(index, 'ja');
                        }}
                      >
                        Verwijderen{name}
                      </Button>
                    )}
                  </div>
                )}
                {!isEditableKind(block.kind) && !readOnly && (
                  <p className="utrecht-form-field-description">Dit blok wijzigt u in de broncode; hier kunt u het verplaatsen of verwijderen.</p>
                )}
                {editing === index && (
                  <BlockForm
                    title={`${summary} wijzigen`}
                    initial={draftOf(block, downloadUrl)}
                    submit="Opslaan"
                    onCancel={() => {
                      setEditing(undefined);
                      focusRow(index, 'wijzigen');
                    }}
                    onSubmit={(draft) => {
                      setEditing(undefined);
                      setStatus(`${blockSummary(blockFromDraft(draft, block))} gewijzigd.`);
                      focusRow(index, 'wijzigen');
                      onChange(updateBlock(text, path, index, blockFromDraft(draft, block)));
                    }}
                  />
                )}
              </li>
            );
          })}
        </ol>
      )}
      {!readOnly &&
        (adding ? (
          <BlockForm
            title={`${BLOCK_KINDS.find((option) => option.kind === adding)?.label ?? 'Blok'} toevoegen`}
            initial={draftOf(adding, downloadUrl)}
            submit="Toevoegen"
            onCancel={() => {
              setAdding(undefined);
              focusLater('[data-control="toevoegen"]');
            }}
            onSubmit={(draft) => {
              const block = blockFromDraft(draft);
              setAdding(undefined);
              setPlace(-1);
              setStatus(`${blockSummary(block)} toegevoegd op plaats ${at + 1}.`);
              focusRow(at, 'wijzigen');
              onChange(addBlock(text, path, block, at));
            }}
          />
        ) : (
          <div className="beheer-blocks__add">
            <div className="utrecht-form-field">
              <label className="utrecht-form-label" htmlFor={`${id}-soort`}>
                Soort blok
              </label>
              <select
                id={`${id}-soort`}
                className="utrecht-select utrecht-select--html-select"
                value={kind}
                onChange={(event) => setKind(event.target.value as EditableKind)}
              >
                {BLOCK_KINDS.map((option) => (
                  <option key={option.kind} value={option.kind}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
            {blocks.length > 0 && (
              <div className="utrecht-form-field">
                <label className="utrecht-form-label" htmlFor={`${id}-plaats`}>
                  Plaats
                </label>
                <select
                  id={`${id}-plaats`}
                  className="utrecht-select utrecht-select--html-select"
                  value={place}
                  onChange={(event) => setPlace(Number(event.target.value))}
                >
                  <option value={-1}>Aan het eind</option>
                  <option value={0}>Aan het begin</option>
                  {blocks.slice(0, -1).map((block, index) => (
                    <option key={index} value={index + 1}>{`Na ${blockSummary(block)}`}</option>
                  ))}
                </select>
              </div>
            )}
            <Button appearance="secondary-action-button" data-control="toevoegen" onClick={() => setAdding(kind)}>
              Blok toevoegen<span className="visually-hidden">{` aan ${label}`}</span>
            </Button>
          </div>
        ))}
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </div>
  );
}
