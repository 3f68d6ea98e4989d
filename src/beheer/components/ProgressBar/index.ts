// Public entry of the ProgressBar component folder.
export { LOADING_TEXT, ProgressBar, type ProgressBarProps } from './ProgressBar';
export { progressPercent } from './progress';
