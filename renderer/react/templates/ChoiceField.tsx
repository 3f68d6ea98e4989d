/**
 * A choice between groups of fields (`oneOf`/`anyOf` on an object) as a required radio group: the
 * question (`x-choiceLabel`, else 'Kies wat op u van toepassing is') over one radio per option's
 * title. Nothing is chosen until the applicant chooses (or their answers show which option they
 * filled in); choosing shows that option's fields, and the answers of another option stay in the
 * tab (not sent) in case the applicant switches back. Its message is the object's own: the step's
 * for a choice on the step, which the error summary links to here.
 */
import { useMemo } from 'react';
import { NO_DUTCH_TEXTS } from '../../core/dutchTexts';
import { interpolate } from '../../core/i18n';
import { FieldAriaContext, RadioOptions, type FieldAria } from '../../../widgets';
import { fieldId, type RendererContext, type ShownChoice } from '../formContext';
import { FieldError } from './FieldError';

export interface ChoiceFieldProps {
  choice: ShownChoice;
  context: RendererContext;
}

export function ChoiceField({ choice, context }: ChoiceFieldProps) {
  const id = fieldId(context.idPrefix, choice.path);
  const error = context.errorFor(choice.path);
  const legendId = `${id}__legend`;
  const aria = useMemo<FieldAria>(
    () => ({ describedBy: error ? [`${id}__error`] : [], invalid: Boolean(error), required: true, labelledBy: legendId }),
    [error, id, legendId],
  );
  const vars = context.state.vars;
  const textLang = context.textLang ?? NO_DUTCH_TEXTS;
  return (
    <div
      className={`utrecht-form-field renderer-field renderer-choice${error ? ' utrecht-form-field--invalid renderer-field--invalid' : ''}`}
      data-field={choice.path}
    >
      <fieldset className="utrecht-form-fieldset renderer-group" aria-describedby={error ? `${id}__error` : undefined}>
        <legend className="utrecht-form-fieldset__legend renderer-legend" id={legendId} lang={textLang(choice.label)}>
          {interpolate(choice.label ?? context.t('wizard.choice'), vars)}
          <span className="renderer-required" title={context.t('wizard.requiredHint')} aria-hidden="true">
            {' *'}
          </span>
        </legend>
        <FieldError id={id} error={error} t={context.t} />
        <div className="utrecht-form-field__input">
          <FieldAriaContext.Provider value={aria}>
            <RadioOptions
              id={id}
              name={id}
              items={choice.options.map((option, index) => ({ label: interpolate(option, vars), lang: textLang(option), value: index }))}
              selectedIndex={choice.chosen}
              onSelect={(value) => context.choose(choice.path, value as number)}
              onBlur={() => undefined}
              onFocus={() => undefined}
            />
          </FieldAriaContext.Provider>
        </div>
      </fieldset>
    </div>
  );
}
