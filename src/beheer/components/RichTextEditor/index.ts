// Public entry of the RichTextEditor component folder.
export { RichTextEditor, type RichTextBlockType, type RichTextEditorProps } from './RichTextEditor';
export {
  $blocksToNodes,
  $createFixedBlockNode,
  $isFixedBlockNode,
  $nodeToBlock,
  $readRootBlocks,
  $setRootBlocks,
  EDITOR_NODES,
  FixedBlockNode,
  fixedBlockDescription,
  isEditableBlock,
  sameBlocks,
  type EditableBlock,
} from './blocks';
