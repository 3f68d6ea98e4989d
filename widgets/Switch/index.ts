// Public entry of the Switch widget folder.
export { Switch } from './Switch';
