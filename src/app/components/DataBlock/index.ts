// Public entry of the DataBlock component folder.
export { DataBlock, type DataBlockActionFields, type DataBlockGroup, type DataBlockHeader, type DataBlockLine, type DataBlockProps } from './DataBlock';
