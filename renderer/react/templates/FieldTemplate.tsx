/**
 * Every field's frame: label (or legend for option groups), required marker, description, hint,
 * collapsible help, and the first error message with a hidden 'Fout:' prefix. The ids match rjsf's
 * `ariaDescribedByIds`, which the widgets put in `aria-describedby`. A field whose ui options name a
 * `legend` is set in a fieldset of its own under that legend (placeholders filled from the step).
 */
import type { FieldTemplateProps } from '@rjsf/utils';
import type { ReactNode } from 'react';
import { defaultWidgetName } from '../../core/defaultWidget';
import { interpolate } from '../../core/i18n';
import type { JsonSchema } from '../../core/types';
import { HelpText, widgetKind } from '../../../widgets';
import { pathOf, useRendererContext, type RendererContext } from '../formContext';

export function FieldTemplate(props: FieldTemplateProps) {
  const context = useRendererContext(props.registry.formContext);
  const legend = (props.uiSchema?.['ui:options'] as { legend?: string } | undefined)?.legend;
  const frame = fieldFrame(props, context);
  if (!legend || props.hidden) return frame;
  return (
    <fieldset className="utrecht-form-fieldset renderer-section">
      <legend className="utrecht-form-fieldset__legend renderer-object-legend">{interpolate(legend, context.state.vars)}</legend>
      {frame}
    </fieldset>
  );
}

function fieldFrame(props: FieldTemplateProps, context: RendererContext) {
  const { id, required, children, rawDescription, rawHelp, hidden, fieldPathId, schema, uiSchema } = props;
  const label = interpolate(props.label, context.state.vars);
  const path = pathOf(fieldPathId.path);
  if (hidden) return <div className="renderer-hidden">{children}</div>;
  if (path === '' || (schema.type === 'object' && !uiSchema?.['ui:widget'])) return children;

  const kind = widgetKind((uiSchema?.['ui:widget'] as string | undefined) ?? defaultWidgetName(schema as JsonSchema));
  const error = context.errorFor(path);
  const helpText = uiSchema?.['ui:helpText'] as { label?: string; text: string } | undefined;
  const marker = required ? <span className="renderer-required" aria-hidden="true"> *</span> : null;
  const details: ReactNode = (
    <>
      {rawDescription ? <div className="utrecht-form-field-description" id={`${id}__description`}>{rawDescription}</div> : null}
      {rawHelp ? <div className="utrecht-form-field-description renderer-hint" id={`${id}__help`}>{rawHelp}</div> : null}
      {helpText ? <HelpText label={helpText.label} t={context.t} lang={context.lang}>{helpText.text}</HelpText> : null}
      {error ? (
        <p className="utrecht-form-field-error-message" id={`${id}__error`}>
          <span className="visually-hidden">{context.t('validation.errorPrefix')} </span>
          {error}
        </p>
      ) : null}
    </>
  );
  const className = `utrecht-form-field renderer-field${error ? ' utrecht-form-field--invalid renderer-field--invalid' : ''}`;

  if (kind === 'group') {
    return (
      <div className={className} data-field={path}>
        <fieldset className="utrecht-form-fieldset renderer-group" aria-describedby={error ? `${id}__error` : undefined}>
          <legend className="utrecht-form-fieldset__legend renderer-legend">{label}{marker}</legend>
          {details}
          <div className="utrecht-form-field__input">{children}</div>
        </fieldset>
      </div>
    );
  }
  return (
    <div className={className} data-field={path}>
      {kind === 'control' ? (
        <div className="utrecht-form-field__label">
          <label className="utrecht-form-label" htmlFor={id}>{label}{marker}</label>
        </div>
      ) : null}
      {details}
      <div className="utrecht-form-field__input">{children}</div>
    </div>
  );
}
