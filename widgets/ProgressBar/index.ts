// Public entry of the ProgressBar component folder.
export { ProgressBar, type ProgressBarProps } from './ProgressBar';
