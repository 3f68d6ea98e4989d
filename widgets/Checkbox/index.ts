// Public entry of the Checkbox widget folder.
export { Checkbox } from './Checkbox';
