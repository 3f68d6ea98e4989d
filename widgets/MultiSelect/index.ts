// Public entry of the MultiSelect widget folder.
export { MultiSelect } from './MultiSelect';
