/**
 * The rjsf fields and templates that are loaded when a form first shows one: lists (./ArrayField),
 * numbers (./NumberField),
 * choices rjsf decides itself (./MultiSchemaField), and the parts the portal's forms do not reach
 * (./seldomShown). The server preloads a step's list and number code with the page
 * (src/server/boot/pageBoot.ts finds ./ArrayField and ./NumberField in the build's manifest by name), and the
 * flow loader preloads that of the later steps.
 */
import type { ComponentType } from 'react';
import type { FieldProps } from '@rjsf/utils';
import { lazyComponent, type Preloadable } from '../../../widgets/shared/lazyComponent';
import { loadOnce } from '../../browser/loadOnce';

type SeldomShown = typeof import('./seldomShown');

const loadSeldomShown = loadOnce((): Promise<SeldomShown> => import('./seldomShown'));

/** A part of ./seldomShown, loaded with the rest of it when first rendered. */
function seldom<P extends object = object>(name: keyof SeldomShown): Preloadable<P> {
  return lazyComponent<P>(() => loadSeldomShown().then((module) => module[name] as unknown as ComponentType<P>));
}

export const ArrayField = lazyComponent<FieldProps>(() => import('./ArrayField').then((module) => module.default));
const NumberField = lazyComponent<FieldProps>(() => import('./NumberField').then((module) => module.default as unknown as ComponentType<FieldProps>));
const MultiSchemaField = lazyComponent<FieldProps>(() => import('./MultiSchemaField').then((module) => module.default));

/** rjsf field name -> the component that loads it. */
export const lazyFields: Record<string, Preloadable<FieldProps>> = {
  ArrayField,
  NumberField,
  AnyOfField: MultiSchemaField,
  OneOfField: MultiSchemaField,
  CyclicSchemaField: seldom<FieldProps>('CyclicSchemaField'),
  OptionalDataControlsField: seldom<FieldProps>('OptionalDataControlsField'),
};

/** rjsf template name -> the component that loads it. */
export const lazyTemplates = {
  BaseInputTemplate: seldom('BaseInputTemplate'),
  CyclicSchemaExpandTemplate: seldom('CyclicSchemaExpandTemplate'),
  DescriptionFieldTemplate: seldom('DescriptionFieldTemplate'),
  ErrorListTemplate: seldom('ErrorListTemplate'),
  FieldErrorTemplate: seldom('FieldErrorTemplate'),
  FieldHelpTemplate: seldom('FieldHelpTemplate'),
  FieldTemplate: seldom('FieldTemplate'),
  ObjectFieldTemplate: seldom('ObjectFieldTemplate'),
  OptionalDataControlsTemplate: seldom('OptionalDataControlsTemplate'),
  TitleFieldTemplate: seldom('TitleFieldTemplate'),
  UnsupportedFieldTemplate: seldom('UnsupportedFieldTemplate'),
  WrapIfAdditionalTemplate: seldom('WrapIfAdditionalTemplate'),
};

/** rjsf's buttons but the submit button (which the form always asks for): a list brings its own (./ArrayField). */
export const lazyButtons = {
  AddButton: seldom('AddButton'),
  ClearButton: seldom('ClearButton'),
  CopyButton: seldom('CopyButton'),
  MoveDownButton: seldom('MoveDownButton'),
  MoveUpButton: seldom('MoveUpButton'),
  RemoveButton: seldom('RemoveButton'),
};

/** Loads rjsf's own templates (./seldomShown), for a form rendered without the portal's. */
export function preloadRjsfTemplates(): Promise<unknown> {
  return Promise.all(
    [...Object.values(lazyTemplates), ...Object.values(lazyButtons), lazyFields.CyclicSchemaField, lazyFields.OptionalDataControlsField].map((part) =>
      part.preload(),
    ),
  );
}

/** Starts loading the code of the fields among `names` that are loaded on demand. */
export function preloadFieldCode(names: Iterable<string>): Promise<unknown> {
  return Promise.all([...names].filter((name) => Object.hasOwn(lazyFields, name)).map((name) => lazyFields[name].preload()));
}
