/**
 * Progress of a longer task (an upload, a batch): a bar with the percentage, or a moving bar saying
 * 'Bezig met laden' while the amount is not known. The text sits inside the progressbar, whose
 * children screen readers do not read separately, so the value is announced once.
 */
import { progressPercent } from './progress';
import './progressBar.css';

/** Text of the indeterminate state (no value yet). */
export const LOADING_TEXT = 'Bezig met laden';

/** Props of {@link ProgressBar}. */
export interface ProgressBarProps {
  /** Amount done, out of `max`; undefined while unknown (indeterminate). */
  value?: number;
  max: number;
  /** Accessible name: what is progressing. */
  label: string;
  /** Show '{percent}%' next to the bar (default true). */
  showText?: boolean;
}

/** A `role="progressbar"` with aria-valuenow as a percentage 0..100, or indeterminate without `value`. */
export function ProgressBar({ value, max, label, showText = true }: ProgressBarProps) {
  const indeterminate = value === undefined;
  const percent = indeterminate ? undefined : progressPercent(value, max);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={indeterminate ? LOADING_TEXT : undefined}
      className={`portal-progress${indeterminate ? ' portal-progress--indeterminate' : ''}`}
    >
      <span className="portal-progress__track">
        <span className="portal-progress__bar" style={indeterminate ? undefined : { inlineSize: `${percent}%` }} />
      </span>
      {indeterminate ? <span className="portal-progress__text">{LOADING_TEXT}</span> : null}
      {!indeterminate && showText ? <span className="portal-progress__text">{percent}%</span> : null}
    </div>
  );
}
