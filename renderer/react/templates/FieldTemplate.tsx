/**
 * Every field's frame: label (or legend for option groups), required marker, description, hint,
 * collapsible help, and the first error message with a hidden 'Fout:' prefix. The ids match rjsf's
 * `ariaDescribedByIds`, which the widgets put in `aria-describedby`. A field whose ui options name a
 * `legend` is set in a fieldset of its own under that legend (placeholders filled from the step).
 */
import type { FieldTemplateProps } from '@rjsf/utils';
import { useContext, useMemo, type ReactNode } from 'react';
import { defaultWidgetName } from '../../core/defaultWidget';
import { NO_DUTCH_TEXTS } from '../../core/dutchTexts';
import { interpolate } from '../../core/i18n';
import { isItemList } from '../../core/schemaPaths';
import type { JsonSchema } from '../../core/types';
import { FieldAriaContext, HelpText, ItemLabelContext, widgetKind, type FieldAria } from '../../../widgets';
import { pathOf, useRendererContext, type RendererContext } from '../formContext';
import { FieldError } from './FieldError';

export function FieldTemplate(props: FieldTemplateProps) {
  const context = useRendererContext(props.registry.formContext);
  const { legend, heading } = (props.uiSchema?.['ui:options'] as { legend?: string; heading?: string } | undefined) ?? {};
  const textLang = context.textLang ?? NO_DUTCH_TEXTS;
  // The frame is worked out here, not by a component of its own: one component less for every field.
  const framed = useFieldFrame(props, context);
  // A heading the flow puts above this field (and the ones after it).
  const frame =
    heading && !props.hidden ? (
      <>
        <h2 className="utrecht-heading-2 renderer-field-heading" lang={textLang(heading)}>
          {interpolate(heading, context.state.vars)}
        </h2>
        {framed}
      </>
    ) : (
      framed
    );
  if (!legend || props.hidden) return frame;
  return (
    <fieldset className="utrecht-form-fieldset renderer-section">
      <legend className="utrecht-form-fieldset__legend renderer-object-legend" lang={textLang(legend)}>
        {interpolate(legend, context.state.vars)}
      </legend>
      {frame}
    </fieldset>
  );
}

function useFieldFrame(props: FieldTemplateProps, context: RendererContext): ReactNode {
  const { id, required, children, rawDescription, rawHelp, hidden, fieldPathId, schema, uiSchema } = props;
  // An item of a list of values is named by its place in the list ('Telefoonnummer 2').
  const rawLabel = useContext(ItemLabelContext) ?? props.label;
  const label = interpolate(rawLabel, context.state.vars);
  // A text of the flow shown in Dutch on an English page says so (`lang="nl"`), for screen readers.
  const textLang = context.textLang ?? NO_DUTCH_TEXTS;
  const labelLang = textLang(rawLabel);
  const path = pathOf(fieldPathId.path);
  const widget = uiSchema?.['ui:widget'] as string | undefined;
  // A field of type null asks nothing: its title and description are a text between the fields (rjsf's NullField).
  const note = schema.type === 'null';
  const plain = hidden || path === '' || note || (schema.type === 'object' && !widget);
  // A repeating group or a list of values is a group of its own (its legend above the items); a widget says how it is framed.
  const kind = plain ? 'control' : !widget && isItemList(schema as JsonSchema) ? 'group' : widgetKind(widget ?? defaultWidgetName(schema as JsonSchema));
  const error = plain ? undefined : context.errorFor(path);
  // The control names exactly the elements below that exist, its message first.
  const describedBy = [error && `${id}__error`, rawDescription && `${id}__description`, rawHelp && `${id}__help`]
    .filter((value): value is string => Boolean(value))
    .join(' ');
  const aria = useMemo<FieldAria>(
    () => ({
      describedBy: describedBy ? describedBy.split(' ') : [],
      invalid: Boolean(error),
      required: Boolean(required),
      ...(kind === 'group' ? { labelledBy: `${id}__legend` } : {}),
    }),
    [describedBy, error, required, kind, id],
  );
  if (hidden || kind === 'hidden') return <div className="renderer-hidden">{children}</div>;
  if (plain && !note) return children;

  const helpText = uiSchema?.['ui:helpText'] as { label?: string; text: string } | undefined;
  // The asterisk is for the eye (its hint names it); screen readers hear 'required' from the control.
  const marker = required ? (
    <span className="renderer-required" title={context.t('wizard.requiredHint')} aria-hidden="true">
      {' *'}
    </span>
  ) : null;
  // The optional parts are children of the frame itself, each in its own place (none when absent):
  // no wrapper element or fragment around them, as a step may hold hundreds of fields.
  const description = rawDescription ? (
    <div className="utrecht-form-field-description" id={`${id}__description`} lang={textLang(rawDescription)}>
      {rawDescription}
    </div>
  ) : null;
  const hint = rawHelp ? (
    <div className="utrecht-form-field-description renderer-hint" id={`${id}__help`} lang={textLang(rawHelp)}>
      {rawHelp}
    </div>
  ) : null;
  if (note)
    return (
      <div className="renderer-field" data-field={path}>
        <p className="renderer-label" lang={labelLang}>
          {label}
        </p>
        {description}
      </div>
    );
  const help = helpText ? (
    <HelpText label={helpText.label} labelLang={textLang(helpText.label)} t={context.t} lang={context.lang}>
      <span lang={textLang(helpText.text)}>{helpText.text}</span>
    </HelpText>
  ) : null;
  const message = error ? <FieldError id={id} error={error} t={context.t} /> : null;
  const control = <FieldAriaContext.Provider value={aria}>{children}</FieldAriaContext.Provider>;
  const className = `utrecht-form-field renderer-field${error ? ' utrecht-form-field--invalid renderer-field--invalid' : ''}`;

  if (kind === 'group') {
    return (
      <div className={className} data-field={path}>
        <fieldset className="utrecht-form-fieldset renderer-group" aria-describedby={error ? `${id}__error` : undefined}>
          <legend className="utrecht-form-fieldset__legend renderer-legend" id={`${id}__legend`} lang={labelLang}>
            {label}
            {marker}
          </legend>
          {description}
          {hint}
          {help}
          {message}
          <div className="utrecht-form-field__input">{control}</div>
        </fieldset>
      </div>
    );
  }
  // The label is the form field's label element itself (a block, see renderer.css), and the control
  // follows the messages directly: three elements for a text field, as in a plain form.
  return (
    <div className={className} data-field={path}>
      {kind === 'control' ? (
        <label className="utrecht-form-field__label utrecht-form-label renderer-label" htmlFor={id} lang={labelLang}>
          {marker ? (
            <>
              {label}
              {marker}
            </>
          ) : (
            label
          )}
        </label>
      ) : null}
      {description}
      {hint}
      {help}
      {message}
      {control}
    </div>
  );
}
