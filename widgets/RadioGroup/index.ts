// Public entry of the RadioGroup widget folder.
export { RadioGroup } from './RadioGroup';
