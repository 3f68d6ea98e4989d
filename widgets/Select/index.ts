// Public entry of the Select widget folder.
export { Select, type SelectGroup } from './Select';
