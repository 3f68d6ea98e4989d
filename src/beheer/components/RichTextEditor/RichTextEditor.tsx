/**
 * A rich-text editor for a flow's content blocks (intro, confirmation and other page texts), built
 * on Lexical and bundled with the application: no scripts or styles from elsewhere, no eval and no
 * style elements added at run time, so it works under the portal's strict Content-Security-Policy.
 *
 * Headings (level 2 and 3), paragraphs and bulleted lists are edited as text; every other block is
 * shown as a fixed line that names it and comes back unchanged (see blocks.ts). In paragraphs and
 * list items words can be bold ('Vet', Ctrl+B) or a link ('Link': an address field that takes only
 * https, mailto or an address within the portal, renderer/core/linkAddress.ts); headings stay plain,
 * and other text and paragraph formatting, indents and pasted styles are removed. The toolbar sets
 * the type of the block at the cursor; Ctrl+Z / Ctrl+Y undo and redo. Tab is not taken by the
 * editor, so keyboard users leave it with Tab as any other field.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { $isLinkNode, $toggleLink, LinkNode } from '@lexical/link';
import { LexicalComposer, type InitialConfigType } from '@lexical/react/LexicalComposer';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { ListPlugin } from '@lexical/react/LexicalListPlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { $createListItemNode, $createListNode, $isListItemNode, $isListNode, ListItemNode, ListNode } from '@lexical/list';
import { $createHeadingNode, $isHeadingNode, HeadingNode } from '@lexical/rich-text';
import { mergeRegister } from '@lexical/utils';
import {
  $addUpdateTag,
  $createNodeSelection,
  $createParagraphNode,
  $findMatchingParent,
  $getNearestNodeFromDOMNode,
  $getRoot,
  $getSelection,
  $isNodeSelection,
  $isParagraphNode,
  $isRangeSelection,
  $isRootNode,
  $setSelection,
  BLUR_COMMAND,
  HISTORY_MERGE_TAG,
  CLEAR_HISTORY_COMMAND,
  CLICK_COMMAND,
  COMMAND_PRIORITY_HIGH,
  COMMAND_PRIORITY_LOW,
  DELETE_CHARACTER_COMMAND,
  FORMAT_ELEMENT_COMMAND,
  FORMAT_TEXT_COMMAND,
  INDENT_CONTENT_COMMAND,
  IS_BOLD,
  IS_ITALIC,
  OUTDENT_CONTENT_COMMAND,
  ParagraphNode,
  TextNode,
  type ElementNode,
  type LexicalEditor,
  type LexicalNode,
  type BaseSelection,
  type RangeSelection,
} from 'lexical';
import { Button } from '@utrecht/button-react';
import { ADDRESS_HINT, addressProblem, isAllowedAddress } from '../../../../renderer/core/linkAddress';
import type { ContentBlock } from '../../../../renderer/core/types';
import {
  $copyPartId,
  $isFixedBlockNode,
  $keepPartIds,
  $readRootBlocks,
  $setRootBlocks,
  EDITOR_NODES,
  FIXED_BLOCK_CLASS,
  FIXED_BLOCK_SELECTED_CLASS,
  sameBlocks,
} from './blocks';
import './RichTextEditor.css';

/** Props of {@link RichTextEditor}. */
export interface RichTextEditorProps {
  /** Id of the editable area; the label, toolbar and other ids derive from it. */
  id: string;
  /** The visible label, also the accessible name of the editable area. */
  label: string;
  value: ContentBlock[];
  /** Called with all blocks after each change of the content (not after a mere move of the cursor). */
  onChange(blocks: ContentBlock[]): void;
  /** Ids of elements that describe the field (a hint, an error message), for `aria-describedby`. */
  describedBy?: string;
  /**
   * For tests: receives the Lexical editor once it exists (and null when it goes), so a test can
   * drive it with `editor.update` where typing in jsdom falls short. Not needed in the application.
   */
  onEditor?(editor: LexicalEditor | null): void;
}

/** The block types the toolbar sets. */
export type RichTextBlockType = 'paragraph' | 'h2' | 'h3' | 'list';

const TOOLBAR_BUTTONS: ReadonlyArray<{ type: RichTextBlockType; label: string }> = [
  { type: 'paragraph', label: 'Alinea' },
  { type: 'h2', label: 'Kop 2' },
  { type: 'h3', label: 'Kop 3' },
  { type: 'list', label: 'Opsomming' },
];

/** Class names Lexical puts on the nodes it renders: the portal's own, so the text looks as it will be shown. */
const THEME: InitialConfigType['theme'] = {
  paragraph: 'utrecht-paragraph',
  heading: { h2: 'utrecht-heading-2', h3: 'utrecht-heading-3' },
  list: { ul: 'utrecht-unordered-list', listitem: 'utrecht-unordered-list__item' },
  link: 'utrecht-link',
};

/** Marks an update that loads a new `value` from the parent; it is no change to report back. */
const LOAD_VALUE_TAG = 'portal-rich-text-load';
/** How many of its own recent reports the editor recognises when the parent hands one back late. */
const REPORTS_KEPT = 20;

/** The top-level paragraphs and headings, and the items of top-level lists, that the selection touches, in order. */
function $selectedUnits(selection: RangeSelection): ElementNode[] {
  const units = new Map<string, ElementNode>();
  for (const node of selection.getNodes()) {
    const top = $isRootNode(node) ? null : node.getTopLevelElement();
    let unit: LexicalNode | null = null;
    if ($isListNode(top)) {
      unit = $findMatchingParent(node, (candidate) => $isListItemNode(candidate) && top.is(candidate.getParent()));
    } else if ($isParagraphNode(top) || $isHeadingNode(top)) {
      unit = top;
    }
    if ($isListItemNode(unit) || $isParagraphNode(unit) || $isHeadingNode(unit)) units.set(unit.getKey(), unit);
  }
  return [...units.values()];
}

function unitType(unit: ElementNode): RichTextBlockType {
  if ($isListItemNode(unit)) return 'list';
  if ($isHeadingNode(unit)) return unit.getTag() === 'h1' || unit.getTag() === 'h2' ? 'h2' : 'h3';
  return 'paragraph';
}

/** The type of the block(s) at the cursor, or null when the selection holds none or several types. */
function $selectionBlockType(): RichTextBlockType | null {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return null;
  const types = new Set($selectedUnits(selection).map(unitType));
  return types.size === 1 ? [...types][0] : null;
}

function $createBlock(type: Exclude<RichTextBlockType, 'list'>): ElementNode {
  return type === 'paragraph' ? $createParagraphNode() : $createHeadingNode(type);
}

/** Turns one unit into `goal` and returns the element that now holds its text. */
function $convertUnit(unit: ElementNode, goal: RichTextBlockType): ElementNode {
  if ($isListItemNode(unit)) {
    if (goal === 'list') return unit;
    // Lift the item out of its list: the items before it stay, the items after it form a new list.
    const list = unit.getParentOrThrow();
    const block = $createBlock(goal);
    const nested = unit.getChildren().filter($isListNode);
    block.append(...unit.getChildren().filter((child) => !$isListNode(child)));
    const rest = [...nested.flatMap((sublist) => sublist.getChildren()), ...unit.getNextSiblings()];
    if (rest.length > 0) list.insertAfter($createListNode('bullet').append(...rest));
    list.insertAfter(block);
    unit.remove();
    if (list.isAttached() && list.isEmpty()) list.remove();
    return block;
  }
  if (goal === 'list') {
    const item = $createListItemNode().append(...unit.getChildren());
    const list = $createListNode('bullet').append(item);
    // The same words in another kind of block: the same block for its translation.
    $copyPartId(unit, list);
    unit.replace(list);
    return item;
  }
  if ($isHeadingNode(unit) && goal !== 'paragraph') {
    if (unit.getTag() !== goal) unit.setTag(goal);
    return unit;
  }
  if ($isParagraphNode(unit) && goal === 'paragraph') return unit;
  const block = $createBlock(goal);
  $copyPartId(unit, block);
  unit.replace(block, true);
  return block;
}

/**
 * Sets the type of the blocks at the cursor. A button that is already pressed (all these blocks
 * have its type) turns them back into paragraphs.
 */
export function $setBlockType(type: RichTextBlockType): void {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return;
  const units = $selectedUnits(selection);
  if (units.length === 0) return;
  const goal = type !== 'paragraph' && units.every((unit) => unitType(unit) === type) ? 'paragraph' : type;
  let last: ElementNode | undefined;
  for (const unit of units) last = $convertUnit(unit, goal);
  // A cursor in an emptied item or block lost its node: put it at the end of the converted text.
  const after = $getSelection();
  if (last && (!$isRangeSelection(after) || !after.anchor.getNode().isAttached() || !after.focus.getNode().isAttached())) last.selectEnd();
}

/**
 * Whether a delete key at the cursor would remove a fixed block: the cursor sits at the edge of a
 * non-empty top-level block, next to a fixed block, or a fixed block itself is selected.
 */
function $deletesFixedBlock(backward: boolean): boolean {
  const selection = $getSelection();
  if ($isNodeSelection(selection)) return selection.getNodes().some($isFixedBlockNode);
  if (!$isRangeSelection(selection) || !selection.isCollapsed()) return false;
  const anchor = selection.anchor.getNode();
  const block = $isRootNode(anchor) ? null : anchor.getTopLevelElement();
  if (block === null || $isListNode(block) || block.getTextContentSize() === 0) return false;
  const neighbour = backward ? block.getPreviousSibling() : block.getNextSibling();
  if (!$isFixedBlockNode(neighbour)) return false;
  const edge = backward ? block.getFirstDescendant() : block.getLastDescendant();
  const point = selection.anchor;
  if (edge === null) return true;
  if (backward) return point.key === edge.getKey() ? point.offset === 0 : point.key === block.getKey() && point.offset === 0;
  return point.key === edge.getKey() ? point.offset === edge.getTextContentSize() : point.key === block.getKey() && point.offset === block.getChildrenSize();
}

/** Whether a node is inside a heading (whose text stays plain). */
const $inHeading = (node: LexicalNode) => $findMatchingParent(node, $isHeadingNode) !== null;

/** Keeps the content plain (but for bold and links) and the fixed blocks fixed. */
function registerPlainContent(editor: LexicalEditor): () => void {
  const ignore = () => true;
  const plainElement = (node: ElementNode) => {
    if (node.getFormatType() !== '') node.setFormat('');
    if (node.getIndent() !== 0) node.setIndent(0);
  };
  return mergeRegister(
    // Bold only (italic, underline, alignment and indents would not be stored).
    editor.registerCommand(FORMAT_TEXT_COMMAND, (format) => format !== 'bold', COMMAND_PRIORITY_HIGH),
    editor.registerCommand(FORMAT_ELEMENT_COMMAND, ignore, COMMAND_PRIORITY_HIGH),
    editor.registerCommand(INDENT_CONTENT_COMMAND, ignore, COMMAND_PRIORITY_HIGH),
    editor.registerCommand(OUTDENT_CONTENT_COMMAND, ignore, COMMAND_PRIORITY_HIGH),
    // Backspace and Delete do not remove a fixed block; it is changed in the source view.
    editor.registerCommand(DELETE_CHARACTER_COMMAND, (backward) => $deletesFixedBlock(backward), COMMAND_PRIORITY_HIGH),
    // Pasted content: drop text styles and every format but bold and emphasis (none in a heading), keep only h2/h3 and bulleted lists.
    editor.registerNodeTransform(TextNode, (node) => {
      const kept = $inHeading(node) ? 0 : node.getFormat() & (IS_BOLD | IS_ITALIC);
      if (node.getFormat() !== kept) node.setFormat(kept);
      if (node.getStyle() !== '') node.setStyle('');
    }),
    // A link only to an allowed address, and none in a heading: otherwise its words stay without it.
    editor.registerNodeTransform(LinkNode, (node) => {
      if (isAllowedAddress(node.getURL()) && !$inHeading(node)) {
        if (node.getTarget() !== null || node.getRel() !== null || node.getTitle() !== null) node.setTarget(null).setRel(null).setTitle(null);
        return;
      }
      for (const child of node.getChildren()) node.insertBefore(child);
      node.remove();
    }),
    editor.registerNodeTransform(ParagraphNode, plainElement),
    editor.registerNodeTransform(HeadingNode, (node) => {
      plainElement(node);
      const tag = node.getTag();
      if (tag !== 'h2' && tag !== 'h3') node.setTag(tag === 'h1' ? 'h2' : 'h3');
    }),
    editor.registerNodeTransform(ListNode, (node) => {
      plainElement(node);
      if (node.getListType() !== 'bullet') node.setListType('bullet');
    }),
    editor.registerNodeTransform(ListItemNode, (node) => {
      if (node.getFormatType() !== '') node.setFormat('');
    }),
    // A click on a fixed block selects it, like the arrow keys do.
    editor.registerCommand(
      CLICK_COMMAND,
      (event) => {
        const target = event.target;
        if (!(target instanceof Element)) return false;
        const element = target.closest(`.${FIXED_BLOCK_CLASS}`);
        if (!element || !editor.getRootElement()?.contains(element)) return false;
        const node = $getNearestNodeFromDOMNode(element);
        if (!$isFixedBlockNode(node)) return false;
        const selection = $createNodeSelection();
        selection.add(node.getKey());
        $setSelection(selection);
        return true;
      },
      COMMAND_PRIORITY_LOW,
    ),
    // Show which fixed block is selected.
    editor.registerUpdateListener(({ editorState }) => {
      editorState.read(() => {
        const selection = $getSelection();
        for (const node of $getRoot().getChildren()) {
          if (!$isFixedBlockNode(node)) continue;
          const selected = $isNodeSelection(selection) && selection.has(node.getKey());
          editor.getElementByKey(node.getKey())?.classList.toggle(FIXED_BLOCK_SELECTED_CLASS, selected);
        }
      });
    }),
  );
}

/** Reports changes of the content, loads a new `value` from the parent, and hands out the editor for tests. */
function ValuePlugin({ value, onChange, onEditor }: Pick<RichTextEditorProps, 'value' | 'onChange' | 'onEditor'>) {
  const [editor] = useLexicalComposerContext();
  // The blocks the editor holds as far as the parent knows: what it passed or was last told.
  const known = useRef(value);
  // What the editor told the parent lately (since the parent last passed a value of its own).
  const reported = useRef<ContentBlock[][]>([]);
  const report = useRef(onChange);
  useEffect(() => {
    report.current = onChange;
  });

  useEffect(() => registerPlainContent(editor), [editor]);
  // Leaving the editor fixes the ids of new blocks (taken from their first words while typing) — not
  // for its own toolbar or link form: writing into the nodes then would drop the selection a link is for.
  useEffect(
    () =>
      editor.registerCommand(
        BLUR_COMMAND,
        (event: FocusEvent) => {
          const next = event.relatedTarget;
          if (next instanceof Node && editor.getRootElement()?.closest('.portal-rich-text')?.contains(next)) return false;
          // Commands run inside an update: the ids are written there, into the same undo step.
          $addUpdateTag(HISTORY_MERGE_TAG);
          $keepPartIds();
          return false;
        },
        COMMAND_PRIORITY_LOW,
      ),
    [editor],
  );

  useEffect(
    () =>
      editor.registerUpdateListener(({ editorState, prevEditorState, dirtyElements, dirtyLeaves, tags }) => {
        if ((dirtyElements.size === 0 && dirtyLeaves.size === 0) || tags.has(LOAD_VALUE_TAG)) return;
        const blocks = editorState.read(() => $readRootBlocks());
        // Only a change of the blocks counts: not a cursor move, nor a node rewritten to the same text.
        if (
          sameBlocks(
            blocks,
            prevEditorState.read(() => $readRootBlocks()),
          ) ||
          sameBlocks(blocks, known.current)
        )
          return;
        known.current = blocks;
        reported.current = [...reported.current.slice(-(REPORTS_KEPT - 1)), blocks];
        report.current(blocks);
      }),
    [editor],
  );

  useEffect(() => {
    if (sameBlocks(value, known.current)) return;
    // The parent may render once more with what the editor reported a keystroke ago (its state update
    // not yet applied while another update renders first): that is no new value, and loading it would
    // put the text back and the cursor at the start.
    if (reported.current.some((blocks) => sameBlocks(value, blocks))) return;
    known.current = value;
    reported.current = [];
    editor.update(() => $setRootBlocks(value), { tag: LOAD_VALUE_TAG, discrete: true });
    // Undo must not bring back content from before the new value.
    editor.dispatchCommand(CLEAR_HISTORY_COMMAND, undefined);
  }, [editor, value]);

  useEffect(() => {
    if (!onEditor) return;
    onEditor(editor);
    return () => onEditor(null);
  }, [editor, onEditor]);

  return null;
}

/** What the toolbar shows of the selection: the block type, bold, inside a heading, the link it is in. */
interface SelectionFacts {
  type: RichTextBlockType | null;
  bold: boolean;
  heading: boolean;
  link: string | null;
}

function $selectionFacts(): SelectionFacts {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return { type: null, bold: false, heading: false, link: null };
  const anchor = selection.anchor.getNode();
  const link = $findMatchingParent(anchor, $isLinkNode);
  return { type: $selectionBlockType(), bold: selection.hasFormat('bold'), heading: $inHeading(anchor), link: $isLinkNode(link) ? link.getURL() : null };
}

/** The address form of 'Link': the address of the selected words, checked by the portal's rule for links. */
function LinkForm({
  id,
  initial,
  inLink,
  onApply,
  onRemove,
  onCancel,
}: {
  id: string;
  initial: string;
  inLink: boolean;
  onApply(address: string): string | undefined;
  onRemove(): void;
  onCancel(): void;
}) {
  const [address, setAddress] = useState(initial);
  const [problem, setProblem] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const ids = { legend: `${id}-titel`, input: `${id}-adres`, hint: `${id}-uitleg`, error: `${id}-fout` };
  const apply = () => {
    const found = addressProblem(address) ?? onApply(address.trim());
    setProblem(found);
    if (found) input.current?.focus();
  };
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the group only hears the keys its own controls let through (Escape)
    <div
      role="group"
      aria-labelledby={ids.legend}
      className="portal-rich-text__link"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      <span id={ids.legend} className="utrecht-form-label">
        Link
      </span>
      <div className={`utrecht-form-field${problem ? ' utrecht-form-field--invalid' : ''}`}>
        <label className="utrecht-form-label" htmlFor={ids.input}>
          Adres van de link
        </label>
        <div className="utrecht-form-field__description" id={ids.hint}>
          {ADDRESS_HINT} De geselecteerde woorden worden de link.
        </div>
        {problem && (
          <div className="utrecht-form-field-error-message" id={ids.error}>
            <span className="visually-hidden">Fout: </span>
            {problem}
          </div>
        )}
        <input
          ref={input}
          id={ids.input}
          className="utrecht-textbox utrecht-textbox--html-input"
          value={address}
          spellCheck={false}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${ids.error} ${ids.hint}` : ids.hint}
          onChange={(event) => setAddress(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            }
          }}
        />
      </div>
      <div className="portal-rich-text__link-actions">
        <Button appearance="primary-action-button" onClick={apply}>
          Link plaatsen
        </Button>
        {inLink && (
          <Button appearance="secondary-action-button" onClick={onRemove}>
            Link weghalen
          </Button>
        )}
        <Button appearance="secondary-action-button" onClick={onCancel}>
          Annuleren
        </Button>
      </div>
    </div>
  );
}

/** The 'Opmaak' toolbar: one tab stop, the arrow keys move between its buttons; 'Link' opens the address form under it. */
function Toolbar({ id, controls }: { id: string; controls: string }) {
  const [editor] = useLexicalComposerContext();
  const [facts, setFacts] = useState<SelectionFacts>({ type: null, bold: false, heading: false, link: null });
  const [focusable, setFocusable] = useState(0);
  // The selection the link is for, kept while the focus is in the address form.
  const [linking, setLinking] = useState<{ selection: BaseSelection | null; link: string | null }>();
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const formId = useId();

  useEffect(() => {
    const update = () => setFacts(editor.getEditorState().read(() => $selectionFacts()));
    update();
    return editor.registerUpdateListener(update);
  }, [editor]);

  const inline = !facts.heading && facts.type !== null;
  const items: { key: string; label: string; pressed?: boolean; expanded?: boolean; disabled?: boolean; onPress(): void }[] = [
    ...TOOLBAR_BUTTONS.map((button) => ({
      key: button.type,
      label: button.label,
      pressed: facts.type === button.type,
      onPress: () => editor.update(() => $setBlockType(button.type)),
    })),
    { key: 'vet', label: 'Vet', pressed: facts.bold, disabled: !inline, onPress: () => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'bold') },
    {
      key: 'link',
      label: 'Link',
      expanded: linking !== undefined,
      disabled: !inline,
      onPress: () => setLinking(editor.getEditorState().read(() => ({ selection: $getSelection()?.clone() ?? null, link: $selectionFacts().link }))),
    },
  ];

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const count = items.length;
    const moves: Record<string, number> = { ArrowRight: focusable + 1, ArrowLeft: focusable - 1 + count, Home: 0, End: count - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = moves[event.key] % count;
    setFocusable(next);
    buttons.current[next]?.focus();
  };

  const closeLink = () => {
    setLinking(undefined);
    editor.focus();
  };

  return (
    <>
      <div id={id} role="toolbar" aria-label="Opmaak" aria-controls={controls} className="portal-rich-text__toolbar" onKeyDown={onKeyDown}>
        {items.map((item, index) => (
          <Button
            key={item.key}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            appearance="secondary-action-button"
            className="portal-rich-text__button"
            pressed={item.expanded === undefined ? item.pressed === true : undefined}
            aria-expanded={item.expanded}
            aria-controls={item.expanded ? formId : undefined}
            aria-disabled={item.disabled || undefined}
            tabIndex={index === focusable ? 0 : -1}
            // A press with the mouse leaves the focus (and the cursor) in the text.
            onMouseDown={(event) => event.preventDefault()}
            onFocus={() => setFocusable(index)}
            onClick={() => {
              if (!item.disabled) item.onPress();
            }}
          >
            {item.label}
          </Button>
        ))}
      </div>
      {linking && (
        <div id={formId}>
          <LinkForm
            id={formId}
            initial={linking.link ?? 'https://'}
            inLink={linking.link !== null}
            onCancel={closeLink}
            onRemove={() => {
              editor.update(() => {
                $setSelection(linking.selection?.clone() ?? null);
                $toggleLink(null);
              });
              closeLink();
            }}
            onApply={(address) => {
              const selection = linking.selection;
              if (linking.link === null && (!$isRangeSelection(selection) || selection.isCollapsed()))
                return 'Selecteer eerst in de tekst de woorden die de link worden.';
              editor.update(() => {
                $setSelection(selection?.clone() ?? null);
                $toggleLink(address, { rel: null });
              });
              closeLink();
              return undefined;
            }}
          />
        </div>
      )}
    </>
  );
}

/** A labelled rich-text field: the 'Opmaak' toolbar above a multi-line editable area. */
export function RichTextEditor({ id, label, value, onChange, describedBy, onEditor }: RichTextEditorProps) {
  const labelId = `${id}-label`;
  const editable = useRef<HTMLDivElement>(null);
  // Lexical reads its configuration once; the first value fills the editor.
  const [initialConfig] = useState<InitialConfigType>(() => ({
    namespace: 'portal-rich-text',
    nodes: EDITOR_NODES,
    theme: THEME,
    onError: (error) => {
      throw error;
    },
    editorState: () => $setRootBlocks(value),
  }));

  return (
    <div className="portal-rich-text">
      <div className="utrecht-form-field__label">
        {/* Not a <label>: the editable area is no form control. A click on the text still focuses it. */}
        {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- as a label's click does; the area itself is reached by Tab */}
        <span id={labelId} className="utrecht-form-label portal-rich-text__label" onClick={() => editable.current?.focus()}>
          {label}
        </span>
      </div>
      <LexicalComposer initialConfig={initialConfig}>
        <Toolbar id={`${id}-toolbar`} controls={id} />
        <RichTextPlugin
          contentEditable={
            <ContentEditable
              ref={editable}
              id={id}
              className="portal-rich-text__editable"
              role="textbox"
              aria-labelledby={labelId}
              aria-multiline="true"
              aria-describedby={describedBy}
            />
          }
          ErrorBoundary={LexicalErrorBoundary}
        />
        <HistoryPlugin />
        <ListPlugin />
        <ValuePlugin value={value} onChange={onChange} onEditor={onEditor} />
      </LexicalComposer>
    </div>
  );
}
