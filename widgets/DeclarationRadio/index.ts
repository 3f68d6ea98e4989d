// Public entry of the DeclarationRadio widget folder.
export { DeclarationRadio } from './DeclarationRadio';
