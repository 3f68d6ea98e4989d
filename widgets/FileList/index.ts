// Public entry of the FileList component folder.
export { FileList, type FileListProps } from './FileList';
