/**
 * The progress bar of doc 2 §2: a native `<progress>` (the browser announces it as a progress bar
 * with its value) with a visible percentage, percent = value × 100 / max, rounded (doc 2 §9).
 */
import { percent } from '../../renderer/browser/uploadProgress';
import './ProgressBar.css';

export interface ProgressBarProps {
  /** Accessible name of the bar (e.g. the file it measures). */
  label: string;
  value: number;
  max: number;
  /** Text shown next to the bar instead of the bare percentage. */
  text?: string;
}

export function ProgressBar({ label, value, max, text }: ProgressBarProps) {
  const shown = percent(value, max);
  return (
    <span className="widget-progress">
      <progress className="widget-progress__bar" aria-label={label} value={shown} max={100}>
        {shown}%
      </progress>
      <span className="widget-progress__text" aria-hidden="true">
        {text ?? `${shown}%`}
      </span>
    </span>
  );
}
