/**
 * A rich-text editor for a flow's content blocks (intro, confirmation and other page texts), built
 * on Lexical and bundled with the application: no scripts or styles from elsewhere, no eval and no
 * style elements added at run time, so it works under the portal's strict Content-Security-Policy.
 *
 * Headings (level 2 and 3), paragraphs and bulleted lists are edited as text; every other block is
 * shown as a fixed line that names it and comes back unchanged (see blocks.ts). Texts are plain, so
 * there is no bold or italic: text and paragraph formatting, indents and pasted styles are removed.
 * The toolbar sets the type of the block at the cursor; Ctrl+Z / Ctrl+Y undo and redo. Tab is not
 * taken by the editor, so keyboard users leave it with Tab as any other field.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
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
  OUTDENT_CONTENT_COMMAND,
  ParagraphNode,
  TextNode,
  type ElementNode,
  type LexicalEditor,
  type LexicalNode,
  type RangeSelection,
} from 'lexical';
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
};

/** Marks an update that loads a new `value` from the parent; it is no change to report back. */
const LOAD_VALUE_TAG = 'portal-rich-text-load';

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
    unit.replace($createListNode('bullet').append(item));
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

/** Keeps the content plain and the fixed blocks fixed. */
function registerPlainContent(editor: LexicalEditor): () => void {
  const ignore = () => true;
  const plainElement = (node: ElementNode) => {
    if (node.getFormatType() !== '') node.setFormat('');
    if (node.getIndent() !== 0) node.setIndent(0);
  };
  return mergeRegister(
    // No bold, italic, alignment or indents: none of it would be stored.
    editor.registerCommand(FORMAT_TEXT_COMMAND, ignore, COMMAND_PRIORITY_HIGH),
    editor.registerCommand(FORMAT_ELEMENT_COMMAND, ignore, COMMAND_PRIORITY_HIGH),
    editor.registerCommand(INDENT_CONTENT_COMMAND, ignore, COMMAND_PRIORITY_HIGH),
    editor.registerCommand(OUTDENT_CONTENT_COMMAND, ignore, COMMAND_PRIORITY_HIGH),
    // Backspace and Delete do not remove a fixed block; it is changed in the source view.
    editor.registerCommand(DELETE_CHARACTER_COMMAND, (backward) => $deletesFixedBlock(backward), COMMAND_PRIORITY_HIGH),
    // Pasted content: drop text styles and formats, keep only h2/h3 and bulleted lists.
    editor.registerNodeTransform(TextNode, (node) => {
      if (node.getFormat() !== 0) node.setFormat(0);
      if (node.getStyle() !== '') node.setStyle('');
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
  const report = useRef(onChange);
  useEffect(() => {
    report.current = onChange;
  });

  useEffect(() => registerPlainContent(editor), [editor]);
  // Leaving the editor fixes the ids of new blocks (taken from their first words while typing).
  useEffect(
    () =>
      editor.registerCommand(
        BLUR_COMMAND,
        () => {
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
        if (sameBlocks(blocks, prevEditorState.read(() => $readRootBlocks())) || sameBlocks(blocks, known.current)) return;
        known.current = blocks;
        report.current(blocks);
      }),
    [editor],
  );

  useEffect(() => {
    if (sameBlocks(value, known.current)) return;
    known.current = value;
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

/** The 'Opmaak' toolbar: one tab stop, the arrow keys move between its buttons. */
function Toolbar({ id, controls }: { id: string; controls: string }) {
  const [editor] = useLexicalComposerContext();
  const [current, setCurrent] = useState<RichTextBlockType | null>(null);
  const [focusable, setFocusable] = useState(0);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  useEffect(() => {
    const update = () => setCurrent(editor.getEditorState().read(() => $selectionBlockType()));
    update();
    return editor.registerUpdateListener(update);
  }, [editor]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const count = TOOLBAR_BUTTONS.length;
    const moves: Record<string, number> = { ArrowRight: focusable + 1, ArrowLeft: focusable - 1 + count, Home: 0, End: count - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = moves[event.key] % count;
    setFocusable(next);
    buttons.current[next]?.focus();
  };

  return (
    <div id={id} role="toolbar" aria-label="Opmaak" aria-controls={controls} className="portal-rich-text__toolbar" onKeyDown={onKeyDown}>
      {TOOLBAR_BUTTONS.map((button, index) => (
        <button
          key={button.type}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          type="button"
          className={`utrecht-button utrecht-button--secondary-action portal-rich-text__button${current === button.type ? ' utrecht-button--pressed' : ''}`}
          aria-pressed={current === button.type}
          tabIndex={index === focusable ? 0 : -1}
          // A press with the mouse leaves the focus (and the cursor) in the text.
          onMouseDown={(event) => event.preventDefault()}
          onFocus={() => setFocusable(index)}
          onClick={() => editor.update(() => $setBlockType(button.type))}
        >
          {button.label}
        </button>
      ))}
    </div>
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
