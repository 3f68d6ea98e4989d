// Public entry of the CheckboxGroup widget folder.
export { CheckboxGroup, chosenIndexes, valueOfIndexes } from './CheckboxGroup';
