// Public entry of the YesNo widget folder.
export { YesNo } from './YesNo';
