// Public entry of the HelpText component folder.
export { HelpText, type HelpTextProps } from './HelpText';
