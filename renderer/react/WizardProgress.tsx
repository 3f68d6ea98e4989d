/** The list of wizard steps with their state; visited steps are links (a jump, not validated). */
import type { Translate } from '../core/i18n';
import type { WizardState } from '../core/wizard';

export interface WizardProgressProps {
  wizard: WizardState;
  titles: Record<string, string>;
  hrefFor: (stepId: string) => string;
  onJump: (stepId: string) => void;
  t: Translate;
}

export function WizardProgress({ wizard, titles, hrefFor, onJump, t }: WizardProgressProps) {
  const steps = wizard.steps.filter((step) => step.state !== 'hidden');
  return (
    <nav className="renderer-progress" aria-label={t('wizard.steps')}>
      <ol className="renderer-progress__list">
        {steps.map((step, index) => {
          const label = `${t('wizard.step', { n: index + 1 })}: ${titles[step.id]}`;
          const state = <span className="visually-hidden"> ({t(`wizard.stepState.${step.state}`)})</span>;
          return (
            <li key={step.id} className={`renderer-progress__item renderer-progress__item--${step.state}`}>
              {step.state === 'visited' ? (
                <a
                  className="utrecht-link"
                  href={hrefFor(step.id)}
                  onClick={(event) => {
                    event.preventDefault();
                    onJump(step.id);
                  }}
                >
                  {label}
                  {state}
                </a>
              ) : (
                <span aria-current={step.state === 'active' ? 'step' : undefined}>
                  {label}
                  {state}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
