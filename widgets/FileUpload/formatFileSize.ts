// File sizes for the file widgets: the engine core's one formatter, so review, PDF and widget agree.
export { formatFileSize } from '../../renderer/core/fileSize';
