/**
 * Lays out an object's fields in order, leaving out fields whose visibility rule fails and placing
 * the step's info/warning boxes after the field they follow. Nested objects become fieldsets; an
 * item of a repeating group is laid out bare (its item template is the fieldset). A choice between
 * groups of fields on the object (`oneOf`/`anyOf`) is asked after the object's own fields, and the
 * chosen option's fields follow it. A group's `description` follows its legend (the fieldset is
 * described by it); the step schema's own `title` and `description` stand above its first field.
 */
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import type { ReactNode } from 'react';
import { NO_DUTCH_TEXTS } from '../../core/dutchTexts';
import { interpolate } from '../../core/i18n';
import { Alert } from '../../../widgets';
import { pathOf, useRendererContext, type RendererContext } from '../formContext';
import { ChoiceField } from '../onDemand';

function Boxes({ context, after }: { context: RendererContext; after: string }) {
  const textLang = context.textLang ?? NO_DUTCH_TEXTS;
  return (
    <>
      {context.boxesAfter(after).map((box) => (
        <Alert key={box.id} type={box.type} title={box.title} titleLang={textLang(box.title)} headingLevel={3} t={context.t} lang={context.lang}>
          <p className="utrecht-paragraph" lang={textLang(box.text)}>
            {box.text}
          </p>
        </Alert>
      ))}
    </>
  );
}

export function ObjectFieldTemplate({ properties, fieldPathId, title, description, registry }: ObjectFieldTemplateProps) {
  const context = useRendererContext(registry.formContext);
  const textLang = context.textLang ?? NO_DUTCH_TEXTS;
  const base = pathOf(fieldPathId.path);
  const choice = context.state.choices.find((candidate) => candidate.path === base);
  const items: ReactNode[] = [];
  const about = typeof description === 'string' && description !== '' ? description : undefined;
  const aboutId = `${fieldPathId.$id}__description`;
  const aboutText = about ? (
    <p key="__description" className="utrecht-paragraph renderer-object-description" id={aboutId} lang={textLang(about)}>
      {interpolate(about, context.state.vars)}
    </p>
  ) : null;
  if (base === '') {
    if (title)
      items.push(
        <h2 key="__title" className="utrecht-heading-2 renderer-step-schema-title" lang={textLang(title)}>
          {interpolate(title, context.state.vars)}
        </h2>,
      );
    items.push(aboutText);
    items.push(<Boxes key="__top" context={context} after="" />);
  }
  let asked = !choice;
  const ask = () => {
    if (asked || !choice) return;
    asked = true;
    items.push(<ChoiceField key="__choice" choice={choice} context={context} />);
  };
  for (const property of properties) {
    if (!choice?.fields.includes(property.name)) ask();
    const path = base ? `${base}.${property.name}` : property.name;
    if (property.hidden || context.isHidden(path)) continue;
    // The field itself, keyed by rjsf, and the boxes that follow it as a sibling of their own (most
    // fields have none): nothing wraps a field, so a box that appears does not mount it again.
    items.push(property.content);
    if (context.boxesAfter(path).length > 0) items.push(<Boxes key={`boxes after ${property.name}`} context={context} after={path} />);
  }
  ask();
  const item = /^\d+$/.test(String(fieldPathId.path.at(-1) ?? ''));
  if (base === '' || item) return <>{items}</>;
  return (
    <fieldset className="utrecht-form-fieldset renderer-object" aria-describedby={about ? aboutId : undefined}>
      {title ? (
        <legend className="utrecht-form-fieldset__legend renderer-object-legend" lang={textLang(title)}>
          {title}
        </legend>
      ) : null}
      {aboutText}
      {items}
    </fieldset>
  );
}
