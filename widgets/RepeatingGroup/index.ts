export { ArrayFieldItemTemplate, ArrayFieldTemplate } from './RepeatingGroup';
