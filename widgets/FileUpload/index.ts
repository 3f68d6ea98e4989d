// Public entry of the FileUpload widget folder: the widget, its pure helpers and the file store.
export { FileUpload, fileRules } from './FileUpload';
export { formatFileSize } from './formatFileSize';
export {
  validateFiles,
  fileExtension,
  normaliseAccept,
  listExtensions,
  MAX_NAME_LENGTH,
  FORBIDDEN_NAME_CHARACTERS,
  type FileRef,
  type FileCandidate,
  type FileLimits,
  type FileProblem,
  type FileValidation,
} from './validateFiles';
export { putFile, getFile, removeFile, clearFiles, clearTabFiles } from '../../renderer/browser/fileStore';
