// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { $isListNode, type ListNode } from '@lexical/list';
import { $createHeadingNode, $isHeadingNode } from '@lexical/rich-text';
import {
  $createNodeSelection,
  BLUR_COMMAND,
  $createRangeSelection,
  $createTextNode,
  $getRoot,
  $isParagraphNode,
  $isTextNode,
  $setSelection,
  CONTROLLED_TEXT_INSERTION_COMMAND,
  createEditor,
  DELETE_CHARACTER_COMMAND,
  FORMAT_TEXT_COMMAND,
  INSERT_PARAGRAPH_COMMAND,
  type ElementNode,
  type LexicalCommand,
  type TextNode,
  type LexicalEditor,
} from 'lexical';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../../tests/helpers/axe';
import { withBlockIds } from '../../../../renderer/core/partIds';
import type { ContentBlock } from '../../../../renderer/core/types';
import { $isFixedBlockNode, $readRootBlocks, $setRootBlocks, EDITOR_NODES, fixedBlockDescription, isEditableBlock, sameBlocks } from './blocks';
import { RichTextEditor, type RichTextEditorProps } from './RichTextEditor';

afterEach(cleanup);

// jsdom lays nothing out: Lexical measures the caret to scroll it into view, so give ranges an empty box.
beforeAll(() => {
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
  Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
});

/** A Lexical editor without a page, with the nodes the conversion needs. */
function headlessEditor(): LexicalEditor {
  return createEditor({
    namespace: 'test',
    nodes: [...EDITOR_NODES],
    onError: (error) => {
      throw error;
    },
  });
}

/** Blocks into an editor and back out. */
function roundTrip(blocks: ContentBlock[]): ContentBlock[] {
  const editor = headlessEditor();
  editor.update(() => $setRootBlocks(blocks), { discrete: true });
  return editor.getEditorState().read(() => $readRootBlocks());
}

/** The same, through the editor state's JSON (as history and the clipboard keep it). */
function roundTripViaJson(blocks: ContentBlock[]): ContentBlock[] {
  const first = headlessEditor();
  first.update(() => $setRootBlocks(blocks), { discrete: true });
  const json = JSON.stringify(first.getEditorState().toJSON());
  const second = headlessEditor();
  second.setEditorState(second.parseEditorState(json));
  return second.getEditorState().read(() => $readRootBlocks());
}

/** Every array of content blocks in the flow documents: intro, outro and confirmation blocks. */
function flowBlockArrays(): Array<{ name: string; blocks: ContentBlock[] }> {
  const folder = path.join(process.cwd(), 'flows');
  const found: Array<{ name: string; blocks: ContentBlock[] }> = [];
  const walk = (value: unknown, where: string) => {
    if (Array.isArray(value)) {
      if (value.length > 0 && value.every((entry) => entry !== null && typeof entry === 'object' && typeof (entry as { kind?: unknown }).kind === 'string')) {
        found.push({ name: where, blocks: value as ContentBlock[] });
      }
      value.forEach((entry, index) => walk(entry, `${where}[${index}]`));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) walk(inner, `${where}.${key}`);
    }
  };
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.flow.json'))) {
    walk(JSON.parse(readFileSync(path.join(folder, file), 'utf8')), file);
  }
  return found;
}

/** One of each block kind, and the edge cases of the editable ones (with the ids the pipeline gives them). */
const EVERY_KIND: ContentBlock[] = withBlockIds<ContentBlock>([
  { kind: 'heading', text: 'Zonder niveau' },
  { kind: 'heading', text: 'Niveau 2', level: 2 },
  { kind: 'heading', text: 'Niveau 3', level: 3 },
  { kind: 'heading', text: 'Genummerd', level: 2, numbered: true },
  { kind: 'heading', text: 'Met voorwaarde', level: 3, visibleIf: { '==': [{ var: 'type' }, 'a'] } },
  { kind: 'paragraph', text: 'Gewone tekst met {placeholder}.' },
  { kind: 'paragraph', text: 'Twee regels\nin één alinea' },
  { kind: 'paragraph', text: '' },
  { kind: 'paragraph', text: 'Alleen bij b', visibleIf: { var: 'b' } },
  { kind: 'list', items: ['Eén', 'Twee', ''] },
  { kind: 'list', items: ['Direct na een lijst'] },
  { kind: 'list', items: [] },
  { kind: 'link', text: 'Naar de homepage', href: '/', external: false },
  { kind: 'alert', type: 'warning', title: 'Let op', text: 'Tekst' },
  { kind: 'alert', type: 'info', text: 'Zonder titel' },
  { kind: 'download', text: 'Download het formulier', url: '/api/form', fileLabel: 'PDF' },
  { kind: 'homeLink', text: 'Terug naar home' },
  { kind: 'postAddress' },
  { kind: 'optionItems', list: 'ZorginstellingTypes', valueFrom: 'type', itemsKey: 'Documents' },
  {
    kind: 'requiredDocuments',
    title: 'Documenten',
    level: 2,
    numbered: true,
    items: [{ text: 'Kopie' }, { list: 'L', valueFrom: 'v', itemsKey: 'k', visibleIf: true }],
  },
  { kind: 'paragraph', text: 'Laatste' },
]);

describe('blocks conversion', () => {
  const flows = flowBlockArrays();

  it('finds the content blocks of the flows', () => {
    expect(flows.length).toBeGreaterThan(10);
    const kinds = new Set(flows.flatMap(({ blocks }) => blocks.map((block) => block.kind)));
    expect([...kinds].sort()).toEqual(
      expect.arrayContaining(['alert', 'download', 'heading', 'homeLink', 'link', 'paragraph', 'postAddress', 'requiredDocuments']),
    );
  });

  it.each(flowBlockArrays().map(({ name, blocks }) => [name, blocks] as const))('gives back %s unchanged (with an id on every block)', (_, blocks) => {
    expect(roundTrip(blocks)).toEqual(withBlockIds(blocks));
    expect(roundTripViaJson(blocks)).toEqual(withBlockIds(blocks));
  });

  it('gives back every block kind unchanged and in order', () => {
    expect(roundTrip(EVERY_KIND)).toEqual(EVERY_KIND);
    expect(roundTripViaJson(EVERY_KIND)).toEqual(EVERY_KIND);
    // The fixed blocks come back as the very objects that went in.
    const back = roundTrip(EVERY_KIND);
    expect(back[12]).toBe(EVERY_KIND[12]);
  });

  it('makes headings, paragraphs and lists editable and keeps the rest as fixed blocks', () => {
    const editor = headlessEditor();
    editor.update(() => $setRootBlocks(EVERY_KIND), { discrete: true });
    const shape = editor.getEditorState().read(() =>
      $getRoot()
        .getChildren()
        .map((node) =>
          $isHeadingNode(node) ? node.getTag() : $isListNode(node) ? 'ul' : $isParagraphNode(node) ? 'p' : $isFixedBlockNode(node) ? 'fixed' : node.getType(),
        ),
    );
    expect(shape).toEqual(['h2', 'h2', 'h3', 'fixed', 'fixed', 'p', 'p', 'p', 'fixed', 'ul', 'fixed', 'fixed', ...Array(8).fill('fixed'), 'p']);
    expect(EVERY_KIND.map(isEditableBlock).filter(Boolean)).toHaveLength(9);
  });

  it('leaves one empty paragraph for no blocks, and reads that back as no blocks', () => {
    const editor = headlessEditor();
    editor.update(() => $setRootBlocks([]), { discrete: true });
    expect(
      editor.getEditorState().read(() =>
        $getRoot()
          .getChildren()
          .map((node) => node.getType()),
      ),
    ).toEqual(['paragraph']);
    expect(roundTrip([])).toEqual([]);
  });

  it('describes a fixed block by kind and text', () => {
    expect(fixedBlockDescription({ kind: 'link', text: 'Naar de homepage', href: '/' })).toBe('Vast blok: link – ‘Naar de homepage’ (wijzigen bij Blokken)');
    expect(fixedBlockDescription({ kind: 'postAddress' })).toBe('Vast blok: postadres (wijzigen in Broncode)');
    expect(fixedBlockDescription({ kind: 'heading', text: 'Kosten', level: 2, numbered: true })).toBe(
      'Vast blok: kop, genummerd – ‘Kosten’ (wijzigen bij Blokken)',
    );
    expect(fixedBlockDescription({ kind: 'paragraph', text: 'Alleen bij b', visibleIf: { var: 'b' } })).toBe(
      'Vast blok: alinea, met voorwaarde – ‘Alleen bij b’ (wijzigen bij Blokken)',
    );
    expect(fixedBlockDescription({ kind: 'alert', type: 'info', text: 'x'.repeat(200) })).toMatch(/^Vast blok: melding – ‘x{79}…’ \(wijzigen bij Blokken\)$/);
  });

  it('keeps ids, and bold, emphasis and links in paragraphs and list items; a heading stays plain', () => {
    const marked: ContentBlock[] = [
      { id: 'kop', kind: 'heading', text: 'Kop met <strong>tekens</strong>', level: 2 },
      { id: 'uitleg', kind: 'paragraph', text: 'Lees <a href="https://www.uziregister.nl">de site</a> en <strong>let op</strong>.\nTweede regel' },
      {
        id: 'punten',
        kind: 'list',
        items: [
          { id: 'een', text: '<strong>Eén</strong>' },
          { id: 'mail', text: 'Mail <a href="mailto:info@uziregister.nl">ons</a>' },
        ],
      },
      { id: 'schuin', kind: 'paragraph', text: 'Schuin: <em>ja</em>' },
    ];
    expect(roundTrip(marked)).toEqual(marked);
    expect(roundTripViaJson(marked)).toEqual(marked);
  });

  it('keeps the words of a link to an address that is not allowed, without the link', () => {
    expect(roundTrip([{ kind: 'paragraph', text: 'Niet <a href="javascript:alert(1)">hier</a>.' }])).toEqual([
      { id: 'niet-hier', kind: 'paragraph', text: 'Niet hier.' },
    ]);
  });

  it('compares blocks whatever the order of their keys', () => {
    expect(sameBlocks([{ kind: 'heading', text: 'A', level: 2 }], [{ level: 2, kind: 'heading', text: 'A' } as ContentBlock])).toBe(true);
    expect(sameBlocks([{ kind: 'paragraph', text: 'A' }], [{ kind: 'paragraph', text: 'B' }])).toBe(false);
  });
});

const VALUE: ContentBlock[] = [
  { id: 'wat-u-nodig-heeft', kind: 'heading', text: 'Wat u nodig heeft', level: 2 },
  { id: 'digid', kind: 'paragraph', text: 'U heeft uw DigiD nodig.' },
  {
    id: 'nodig',
    kind: 'list',
    items: [
      { id: 'legitimatie', text: 'Een geldig legitimatiebewijs' },
      { id: 'big', text: 'Uw BIG-nummer' },
    ],
  },
  { id: 'home', kind: 'link', text: 'Naar de homepage', href: '/' },
];

function renderEditor(props: Partial<RichTextEditorProps> = {}) {
  const onChange = vi.fn<(blocks: ContentBlock[]) => void>();
  let editor: LexicalEditor | null = null;
  const onEditor = (instance: LexicalEditor | null) => {
    editor = instance;
  };
  const user = userEvent.setup();
  const all: RichTextEditorProps = { id: 'inhoud', label: 'Inleiding', value: VALUE, onChange, onEditor, ...props };
  const view = render(
    <>
      <p id="inhoud-hint">Koppen, alinea's en opsommingen</p>
      <RichTextEditor {...all} />
      <button type="button">Opslaan</button>
    </>,
  );
  const textbox = screen.getByRole('textbox', { name: 'Inleiding' });
  const toolbar = screen.getByRole('toolbar', { name: 'Opmaak' });
  const button = (name: string) => within(toolbar).getByRole('button', { name });
  const pressed = () =>
    within(toolbar)
      .getAllByRole('button')
      .filter((element) => element.getAttribute('aria-pressed') === 'true')
      .map((element) => element.textContent);
  const update = (change: () => void) => act(() => editor!.update(change, { discrete: true }));
  /** Sends a command as the key handlers do, with the cursor put in place first, in the same update. */
  const command = <P,>(select: () => void, type: LexicalCommand<P>, payload: P) =>
    update(() => {
      select();
      editor!.dispatchCommand(type, payload);
    });
  return { ...view, all, onChange, user, textbox, toolbar, button, pressed, update, command, editor: () => editor! };
}

/** The top-level element at `index` (inside an update or read). */
const $block = (index: number) => $getRoot().getChildAtIndex(index) as ElementNode;

describe('RichTextEditor', () => {
  it('keeps typing when the page hands back what the editor reported a keystroke ago, and loads a value of its own', () => {
    const { onChange, command, rerender, all, textbox } = renderEditor({ value: [] });
    command(() => $block(0).selectEnd(), CONTROLLED_TEXT_INSERTION_COMMAND, 'Hal');
    const earlier = onChange.mock.lastCall![0];
    command(() => $block(0).selectEnd(), CONTROLLED_TEXT_INSERTION_COMMAND, 'lo');
    // A render of the page with its state of one keystroke ago: no new value, the text stays.
    const page = (value: ContentBlock[]) => (
      <>
        <p id="inhoud-hint">Koppen, alinea's en opsommingen</p>
        <RichTextEditor {...all} value={value} />
        <button type="button">Opslaan</button>
      </>
    );
    rerender(page(earlier));
    expect(textbox.textContent).toBe('Hallo');
    // A value the page sets itself (another view of the draft) is loaded.
    rerender(page([{ id: 'anders', kind: 'paragraph', text: 'Anders' }]));
    expect(textbox.textContent).toBe('Anders');
  });

  it('shows the blocks: the heading, paragraph and list as text, the other block as a fixed line', () => {
    const { textbox } = renderEditor();
    expect(within(textbox).getByRole('heading', { level: 2 }).textContent).toBe('Wat u nodig heeft');
    expect(textbox.querySelector('p')?.textContent).toBe('U heeft uw DigiD nodig.');
    expect(
      within(textbox)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Een geldig legitimatiebewijs', 'Uw BIG-nummer']);
    const fixed = within(textbox).getByText('Vast blok: link – ‘Naar de homepage’ (wijzigen bij Blokken)');
    expect(fixed.closest('[contenteditable="false"]')).not.toBeNull();
  });

  it('is a labelled multi-line textbox under an Opmaak toolbar, and is accessible', async () => {
    const { container, textbox, toolbar } = renderEditor({ describedBy: 'inhoud-hint' });
    expect(textbox.id).toBe('inhoud');
    expect(textbox.getAttribute('contenteditable')).toBe('true');
    expect(textbox.getAttribute('aria-multiline')).toBe('true');
    expect(textbox.getAttribute('aria-describedby')).toBe('inhoud-hint');
    expect(document.getElementById(textbox.getAttribute('aria-labelledby')!)?.textContent).toBe('Inleiding');
    expect(screen.getByText('Inleiding').tagName).toBe('SPAN');
    expect(toolbar.getAttribute('aria-controls')).toBe('inhoud');
    expect(
      within(toolbar)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Alinea', 'Kop 2', 'Kop 3', 'Opsomming', 'Vet', 'Link']);
    await expectNoAxeViolations(container);
  });

  it('adds no style elements, and of the text formats takes bold only', async () => {
    const { textbox, update, editor } = renderEditor();
    // Ctrl+I and Ctrl+U send these commands; they are ignored, so the text typed after them is plain.
    update(() => {
      const selection = $block(1).selectEnd();
      editor().dispatchCommand(FORMAT_TEXT_COMMAND, 'italic');
      editor().dispatchCommand(FORMAT_TEXT_COMMAND, 'underline');
      expect(selection.hasFormat('italic') || selection.hasFormat('underline')).toBe(false);
      selection.insertText(' Schuin?');
    });
    expect(document.querySelectorAll('style')).toHaveLength(0);
    // Lexical's own caret helpers (empty images) get styles through the CSSOM, which the policy allows;
    // the text and its blocks get none.
    expect(textbox.querySelectorAll('strong, b, em, i, u, code, span[style], p[style], h2[style], h3[style], ul[style], li[style]')).toHaveLength(0);
    expect(
      editor()
        .getEditorState()
        .read(() =>
          $block(1)
            .getChildren()
            .every((node) => $isTextNode(node) && node.getFormat() === 0),
        ),
    ).toBe(true);
    // Ctrl+B does make the words typed after it bold.
    update(() => {
      const selection = $block(1).selectEnd();
      editor().dispatchCommand(FORMAT_TEXT_COMMAND, 'bold');
      expect(selection.hasFormat('bold')).toBe(true);
      selection.insertText(' Vet.');
    });
    expect(textbox.querySelector('strong')?.textContent).toBe(' Vet.');
  });

  it('reports the blocks when the text changes', async () => {
    const { update, onChange } = renderEditor();
    update(() => $block(1).selectEnd().insertText(' En een telefoon.'));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith([
      VALUE[0],
      { id: 'digid', kind: 'paragraph', text: 'U heeft uw DigiD nodig. En een telefoon.' },
      VALUE[2],
      VALUE[3],
    ]);
    // The fixed block is passed on as it came.
    expect(onChange.mock.calls[0][0][3]).toBe(VALUE[3]);
  });

  it('takes typed text through the command the keyboard handlers send', () => {
    // Typing with user-event does not reach Lexical in jsdom (no beforeinput target ranges, no layout),
    // so this sends the text-insertion command that Lexical's own key and input handlers dispatch.
    const { onChange, command } = renderEditor({ value: [] });
    command(() => $block(0).selectEnd(), CONTROLLED_TEXT_INSERTION_COMMAND, 'Hallo');
    expect(onChange).toHaveBeenLastCalledWith([{ id: 'hallo', kind: 'paragraph', text: 'Hallo' }]);
    command(() => $block(0).selectEnd(), INSERT_PARAGRAPH_COMMAND, undefined);
    command(() => $block(1).selectEnd(), CONTROLLED_TEXT_INSERTION_COMMAND, 'wereld');
    expect(onChange).toHaveBeenLastCalledWith([
      { id: 'hallo', kind: 'paragraph', text: 'Hallo' },
      { id: 'wereld', kind: 'paragraph', text: 'wereld' },
    ]);
  });

  it('reports nothing when only the cursor moves or a node is rewritten to the same text', () => {
    const { update, onChange } = renderEditor();
    update(() => $block(1).selectStart());
    update(() => $block(0).selectEnd());
    update(() => {
      $block(1).markDirty();
      $block(3).markDirty();
    });
    expect(onChange).not.toHaveBeenCalled();
    cleanup();
    // An empty paragraph reads back as no blocks; that alone is no change either.
    const empty = renderEditor({ value: [{ kind: 'paragraph', text: '' }] });
    empty.update(() => $block(0).markDirty());
    expect(empty.onChange).not.toHaveBeenCalled();
  });

  it('shows the type of the block at the cursor as the pressed button', () => {
    const { update, pressed } = renderEditor();
    expect(pressed()).toEqual([]);
    update(() => $block(1).selectEnd());
    expect(pressed()).toEqual(['Alinea']);
    update(() => $block(0).selectEnd());
    expect(pressed()).toEqual(['Kop 2']);
    update(() => ($block(2).getFirstChild() as ElementNode).selectEnd());
    expect(pressed()).toEqual(['Opsomming']);
  });

  it("turns the current paragraph into a heading with 'Kop 2', and back with 'Alinea'", async () => {
    const { user, update, button, pressed, onChange, textbox } = renderEditor();
    update(() => $block(1).selectEnd());
    await user.click(button('Kop 2'));
    expect(onChange).toHaveBeenLastCalledWith([VALUE[0], { id: 'digid', kind: 'heading', text: 'U heeft uw DigiD nodig.', level: 2 }, VALUE[2], VALUE[3]]);
    expect(
      within(textbox)
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(['Wat u nodig heeft', 'U heeft uw DigiD nodig.']);
    expect(pressed()).toEqual(['Kop 2']);
    await user.click(button('Kop 3'));
    expect(onChange).toHaveBeenLastCalledWith([VALUE[0], { id: 'digid', kind: 'heading', text: 'U heeft uw DigiD nodig.', level: 3 }, VALUE[2], VALUE[3]]);
    await user.click(button('Alinea'));
    expect(onChange).toHaveBeenLastCalledWith(VALUE);
    expect(pressed()).toEqual(['Alinea']);
  });

  it("makes a list item of a paragraph with 'Opsomming', joining the list next to it, and lifts it out again", async () => {
    const value: ContentBlock[] = [
      { id: 'lijst', kind: 'list', items: [{ id: 'een', text: 'Een' }] },
      { id: 'twee', kind: 'paragraph', text: 'Twee' },
      { id: 'daarna', kind: 'paragraph', text: 'Daarna' },
    ];
    const { user, update, button, onChange } = renderEditor({ value });
    update(() => $block(1).selectEnd());
    await user.click(button('Opsomming'));
    expect(onChange).toHaveBeenLastCalledWith([
      {
        id: 'lijst',
        kind: 'list',
        items: [
          { id: 'een', text: 'Een' },
          { id: 'twee', text: 'Twee' },
        ],
      },
      { id: 'daarna', kind: 'paragraph', text: 'Daarna' },
    ]);
    // Pressed again, the item becomes a paragraph of its own.
    await user.click(button('Opsomming'));
    expect(onChange).toHaveBeenLastCalledWith([value[0], { id: 'twee', ...value[1] }, value[2]]);
  });

  it('turns a list item in the middle into a heading and splits the list around it', async () => {
    const value: ContentBlock[] = [
      {
        id: 'lijst',
        kind: 'list',
        items: [
          { id: 'een', text: 'Een' },
          { id: 'twee', text: 'Twee' },
          { id: 'drie', text: 'Drie' },
        ],
      },
    ];
    const { user, update, button, onChange } = renderEditor({ value });
    update(() => ($block(0).getChildAtIndex(1) as ElementNode).selectEnd());
    await user.click(button('Kop 3'));
    // The list keeps its id and the items theirs; the new heading and the new list get ids from their words.
    expect(onChange).toHaveBeenLastCalledWith([
      { id: 'lijst', kind: 'list', items: [{ id: 'een', text: 'Een' }] },
      { id: 'twee', kind: 'heading', text: 'Twee', level: 3 },
      { id: 'drie', kind: 'list', items: [{ id: 'drie', text: 'Drie' }] },
    ]);
  });

  it('sets the type of every block in a selection that spans several', async () => {
    const { user, update, button, pressed, onChange } = renderEditor();
    update(() => {
      const first = $block(0).getFirstDescendant()!;
      const last = $block(1).getLastDescendant()!;
      const selection = $createRangeSelection();
      selection.anchor.set(first.getKey(), 0, 'text');
      selection.focus.set(last.getKey(), last.getTextContentSize(), 'text');
      $setSelection(selection);
    });
    expect(pressed()).toEqual([]);
    await user.click(button('Kop 3'));
    expect(onChange).toHaveBeenLastCalledWith([
      { id: 'wat-u-nodig-heeft', kind: 'heading', text: 'Wat u nodig heeft', level: 3 },
      { id: 'digid', kind: 'heading', text: 'U heeft uw DigiD nodig.', level: 3 },
      VALUE[2],
      VALUE[3],
    ]);
    expect(pressed()).toEqual(['Kop 3']);
  });

  it('removes what a paste may bring: text formats and styles, other heading levels, numbered lists', () => {
    const { update, onChange, textbox, editor } = renderEditor();
    update(() => {
      const pasted = $createTextNode(' Vet en rood.');
      pasted.setFormat('underline');
      pasted.setStyle('color: red');
      $block(1).append(pasted);
      $block(0).replace($createHeadingNode('h1'), true);
      ($block(2) as ListNode).setListType('number');
    });
    expect(onChange).toHaveBeenLastCalledWith([VALUE[0], { id: 'digid', kind: 'paragraph', text: 'U heeft uw DigiD nodig. Vet en rood.' }, VALUE[2], VALUE[3]]);
    expect(
      editor()
        .getEditorState()
        .read(() =>
          $block(1)
            .getChildren()
            .every((node) => $isTextNode(node) && node.getFormat() === 0 && node.getStyle() === ''),
        ),
    ).toBe(true);
    expect(textbox.querySelector('h1, ol')).toBeNull();
  });

  it('undoes a change with Ctrl+Z and redoes it with Ctrl+Y', async () => {
    const { user, update, button, onChange, textbox } = renderEditor();
    update(() => $block(1).selectEnd());
    await user.click(button('Kop 3'));
    expect(onChange).toHaveBeenCalledTimes(1);
    await act(async () => {
      fireEvent.keyDown(textbox, { key: 'z', code: 'KeyZ', ctrlKey: true });
    });
    expect(onChange).toHaveBeenLastCalledWith(VALUE);
    await act(async () => {
      fireEvent.keyDown(textbox, { key: 'y', code: 'KeyY', ctrlKey: true });
    });
    expect(onChange).toHaveBeenLastCalledWith([VALUE[0], { id: 'digid', kind: 'heading', text: 'U heeft uw DigiD nodig.', level: 3 }, VALUE[2], VALUE[3]]);
  });

  it('leaves Tab to the browser, so keyboard users leave the editor with it', async () => {
    const { user, textbox, onChange, update } = renderEditor();
    await user.click(textbox);
    expect(fireEvent.keyDown(textbox, { key: 'Tab', code: 'Tab' })).toBe(true);
    // Not even in a list, where editors often indent with it.
    update(() => ($block(2).getFirstChild() as ElementNode).selectEnd());
    expect(fireEvent.keyDown(textbox, { key: 'Tab', code: 'Tab' })).toBe(true);
    expect(fireEvent.keyDown(textbox, { key: 'Tab', code: 'Tab', shiftKey: true })).toBe(true);
    textbox.focus();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Opslaan' }));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('has one tab stop in the toolbar and moves between its buttons with the arrow keys', async () => {
    const { user, button, toolbar } = renderEditor();
    expect(
      within(toolbar)
        .getAllByRole('button')
        .map((element) => element.tabIndex),
    ).toEqual([0, -1, -1, -1, -1, -1]);
    await user.tab();
    expect(document.activeElement).toBe(button('Alinea'));
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(button('Kop 3'));
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(document.activeElement).toBe(button('Link'));
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(button('Alinea'));
    await user.keyboard('{End}');
    expect(
      within(toolbar)
        .getAllByRole('button')
        .map((element) => element.tabIndex),
    ).toEqual([-1, -1, -1, -1, -1, 0]);
    // Tab goes on to the text.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Inleiding' }));
  });

  it('sets the block type from the keyboard, keeping the focus on the button', async () => {
    const { user, update, button, onChange } = renderEditor();
    update(() => $block(1).selectEnd());
    button('Kop 2').focus();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith([VALUE[0], { id: 'digid', kind: 'heading', text: 'U heeft uw DigiD nodig.', level: 2 }, VALUE[2], VALUE[3]]);
    expect(document.activeElement).toBe(button('Kop 2'));
    expect(button('Kop 2').getAttribute('aria-pressed')).toBe('true');
  });

  it('does not delete a fixed block with Backspace or Delete', () => {
    const value: ContentBlock[] = [
      { id: 'voor', kind: 'paragraph', text: 'Voor' },
      { id: 'home', kind: 'homeLink', text: 'Home' },
      { id: 'na', kind: 'paragraph', text: 'Na' },
    ];
    const { onChange, command } = renderEditor({ value });
    // Backspace at the start of the text after it, Delete at the end of the text before it.
    command(() => $block(2).selectStart(), DELETE_CHARACTER_COMMAND, true);
    command(() => $block(0).selectEnd(), DELETE_CHARACTER_COMMAND, false);
    // Selected (by the arrow keys or a click), it stays too.
    command(
      () => {
        const selection = $createNodeSelection();
        selection.add($block(1).getKey());
        $setSelection(selection);
      },
      DELETE_CHARACTER_COMMAND,
      true,
    );
    expect(onChange).not.toHaveBeenCalled();
    // Between two texts the keys work as usual.
    command(() => $block(2).selectStart(), INSERT_PARAGRAPH_COMMAND, undefined);
    command(() => $block(3).selectStart(), DELETE_CHARACTER_COMMAND, true);
    // The text now stands in the paragraph Enter made (a block made in the editor, so with an id).
    expect(onChange).toHaveBeenLastCalledWith([value[0], value[1], { id: 'na', ...value[2] }]);
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it("makes the selected words bold with 'Vet', and not in a heading", async () => {
    const { user, update, button, onChange } = renderEditor();
    update(() => ($block(1).getFirstChild() as TextNode).select(11, 16));
    await user.click(button('Vet'));
    expect(onChange).toHaveBeenLastCalledWith([
      VALUE[0],
      { id: 'digid', kind: 'paragraph', text: 'U heeft uw <strong>DigiD</strong> nodig.' },
      VALUE[2],
      VALUE[3],
    ]);
    expect(button('Vet').getAttribute('aria-pressed')).toBe('true');
    update(() => $block(0).selectEnd());
    expect(button('Vet').getAttribute('aria-disabled')).toBe('true');
    expect(button('Link').getAttribute('aria-disabled')).toBe('true');
    await user.click(button('Vet'));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it("makes the selected words a link with 'Link', refusing an address that is not allowed, and takes it away again", async () => {
    const { user, update, button, onChange, container, textbox } = renderEditor();
    update(() => ($block(1).getFirstChild() as TextNode).select(11, 16));
    await user.click(button('Link'));
    expect(button('Link').getAttribute('aria-expanded')).toBe('true');
    const form = screen.getByRole('group', { name: 'Link' });
    const address = within(form).getByRole('textbox', { name: 'Adres van de link' });
    expect(document.activeElement).toBe(address);
    await expectNoAxeViolations(container);
    await user.clear(address);
    await user.type(address, 'javascript:alert(1)');
    await user.click(within(form).getByRole('button', { name: 'Link plaatsen' }));
    expect(within(form).getByText('Alleen een adres met https://, mailto: of een adres binnen het portaal (zoals /home) is toegestaan.')).toBeTruthy();
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(onChange).not.toHaveBeenCalled();
    await user.clear(address);
    await user.type(address, 'https://www.digid.nl{Enter}');
    expect(onChange).toHaveBeenLastCalledWith([
      VALUE[0],
      { id: 'digid', kind: 'paragraph', text: 'U heeft uw <a href="https://www.digid.nl">DigiD</a> nodig.' },
      VALUE[2],
      VALUE[3],
    ]);
    expect(screen.queryByRole('group', { name: 'Link' })).toBeNull();
    expect(within(textbox).getByRole('link', { name: 'DigiD' }).getAttribute('href')).toBe('https://www.digid.nl');

    // In the link, the form offers to take it away; Escape closes it without a change.
    update(() => (($block(1).getChildAtIndex(1) as ElementNode).getFirstChild() as TextNode).select(2, 2));
    await user.click(button('Link'));
    expect(within(screen.getByRole('group', { name: 'Link' })).getByRole('textbox', { name: 'Adres van de link' })).toHaveProperty(
      'value',
      'https://www.digid.nl',
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Link' })).toBeNull();
    await user.click(button('Link'));
    await user.click(within(screen.getByRole('group', { name: 'Link' })).getByRole('button', { name: 'Link weghalen' }));
    expect(onChange).toHaveBeenLastCalledWith(VALUE);
  });

  it('asks for words to link when nothing is selected', async () => {
    const { user, update, button, onChange } = renderEditor();
    update(() => $block(1).selectEnd());
    await user.click(button('Link'));
    const form = screen.getByRole('group', { name: 'Link' });
    await user.type(within(form).getByRole('textbox', { name: 'Adres van de link' }), 'www.digid.nl');
    await user.click(within(form).getByRole('button', { name: 'Link plaatsen' }));
    expect(within(form).getByText('Selecteer eerst in de tekst de woorden die de link worden.')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('selects a fixed block on a click and shows it; a click on the label goes to the text', async () => {
    const { user, textbox, onChange } = renderEditor();
    const fixed = within(textbox).getByText(/^Vast blok: link/);
    await user.click(fixed);
    expect(fixed.classList.contains('portal-rich-text__fixed--selected')).toBe(true);
    await user.click(screen.getByText('Inleiding'));
    expect(document.activeElement).toBe(textbox);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('loads a new value from the parent without reporting it back', () => {
    const { rerender, all, onChange, textbox } = renderEditor();
    const next: ContentBlock[] = [{ kind: 'paragraph', text: 'Uit de broncode' }];
    rerender(
      <>
        <p id="inhoud-hint">Koppen, alinea's en opsommingen</p>
        <RichTextEditor {...all} value={next} />
        <button type="button">Opslaan</button>
      </>,
    );
    expect(textbox.textContent).toBe('Uit de broncode');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('keeps the content when the parent passes back what it was told', () => {
    const { rerender, all, update, onChange, textbox } = renderEditor();
    update(() => $block(1).selectEnd().insertText('!'));
    const reported = onChange.mock.calls[0][0];
    update(() => $block(1).selectEnd());
    rerender(
      <>
        <p id="inhoud-hint">Koppen, alinea's en opsommingen</p>
        <RichTextEditor {...all} value={[...reported]} />
        <button type="button">Opslaan</button>
      </>,
    );
    expect(textbox.querySelector('p')?.textContent).toBe('U heeft uw DigiD nodig.!');
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('keeps the id of every block it does not change when a block is inserted before them, and names the new one by its words', () => {
    const { onChange, command } = renderEditor();
    command(() => $block(0).selectStart(), INSERT_PARAGRAPH_COMMAND, undefined);
    command(() => $block(0).selectStart(), CONTROLLED_TEXT_INSERTION_COMMAND, 'Lees dit eerst');
    const blocks = onChange.mock.lastCall![0];
    expect(blocks.map((block) => block.id)).toEqual(['lees-dit-eerst', ...VALUE.map((block) => block.id)]);
    expect(blocks.slice(1)).toEqual(VALUE);
  });

  it('keeps a new block’s id once the editor is left, also when its text changes afterwards', () => {
    const { onChange, command, update, editor } = renderEditor({ value: [] });
    command(() => $block(0).selectEnd(), CONTROLLED_TEXT_INSERTION_COMMAND, 'Wat gebeurt er nu');
    expect(onChange.mock.lastCall![0]).toEqual([{ id: 'wat-gebeurt-er-nu', kind: 'paragraph', text: 'Wat gebeurt er nu' }]);
    act(() => {
      editor().dispatchCommand(BLUR_COMMAND, new FocusEvent('blur'));
    });
    update(() => $block(0).selectStart().insertText('En: '));
    expect(onChange.mock.lastCall![0]).toEqual([{ id: 'wat-gebeurt-er-nu', kind: 'paragraph', text: 'En: Wat gebeurt er nu' }]);
  });

  it('keeps a split paragraph’s id on its first part; the part split off gets an id of its own', () => {
    const value: ContentBlock[] = [{ id: 'uitleg', kind: 'paragraph', text: 'Eerste zin. Tweede zin.' }];
    const { onChange, command } = renderEditor({ value });
    command(
      () => {
        const text = $block(0).getFirstDescendant()!;
        const selection = $createRangeSelection();
        selection.anchor.set(text.getKey(), 'Eerste zin.'.length, 'text');
        selection.focus.set(text.getKey(), 'Eerste zin.'.length, 'text');
        $setSelection(selection);
      },
      INSERT_PARAGRAPH_COMMAND,
      undefined,
    );
    expect(onChange.mock.lastCall![0]).toEqual([
      { id: 'uitleg', kind: 'paragraph', text: 'Eerste zin.' },
      { id: 'tweede-zin', kind: 'paragraph', text: ' Tweede zin.' },
    ]);
  });

  it('keeps the ids of list items, and names a new item by its words', () => {
    const { onChange, command } = renderEditor();
    command(() => ($block(2).getLastChild() as ElementNode).selectEnd(), INSERT_PARAGRAPH_COMMAND, undefined);
    command(() => ($block(2).getLastChild() as ElementNode).selectEnd(), CONTROLLED_TEXT_INSERTION_COMMAND, 'Een pasfoto');
    expect(onChange.mock.lastCall![0][2]).toEqual({
      id: 'nodig',
      kind: 'list',
      items: [
        { id: 'legitimatie', text: 'Een geldig legitimatiebewijs' },
        { id: 'big', text: 'Uw BIG-nummer' },
        { id: 'een-pasfoto', text: 'Een pasfoto' },
      ],
    });
  });

  it('keeps the editor of a test hook only while mounted', () => {
    const onEditor = vi.fn();
    const { unmount } = renderEditor({ onEditor });
    expect(onEditor).toHaveBeenCalledTimes(1);
    expect(onEditor.mock.calls[0][0]).toHaveProperty('update');
    unmount();
    expect(onEditor).toHaveBeenLastCalledWith(null);
  });
});
