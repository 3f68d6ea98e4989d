// Public entry of the Range widget folder.
export { Range } from './Range';
