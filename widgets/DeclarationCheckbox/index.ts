// Public entry of the DeclarationCheckbox widget folder.
export { DeclarationCheckbox } from './DeclarationCheckbox';
