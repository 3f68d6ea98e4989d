// Public entry of the Hidden widget folder.
export { Hidden } from './Hidden';
