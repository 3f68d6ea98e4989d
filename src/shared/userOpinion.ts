/**
 * The rules of a feedback submission that the dialog and the server share (doc 2 §5, §9): the
 * comment may hold at most 500 characters, counted in code points like JSON Schema's maxLength
 * and the character counter.
 */
export { textLength } from '../../renderer/core/textLength';

export const COMMENT_MAX_LENGTH = 500;
