export { describedBy, FieldTexts, type FieldTextsProps } from './FieldTexts';
