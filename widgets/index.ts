// The widget registry the renderer plugs into rjsf: which component renders each widget name,
// and how the FieldTemplate must wrap it (label, fieldset/legend, or nothing). Also maps rjsf's
// own default widget names to ours, so rjsf never falls back to its unstyled widgets.
import type { RegistryWidgetsType, Widget } from '@rjsf/utils';
import type { WidgetProps } from '@rjsf/utils';
import { Checkbox } from './Checkbox';
import { DateInput } from './DateInput';
import { DeclarationCheckbox } from './DeclarationCheckbox';
import { DeclarationRadio } from './DeclarationRadio';
import { Hidden } from './Hidden';
import { Select } from './Select';
import { EmailInput, TelInput, TextInput, UrlInput } from './TextInput';
import { Textarea } from './Textarea/Textarea';
import { YesNo } from './YesNo';
import { lazyComponent } from './shared/lazyComponent';
import { catalogueOf, findDescription, namesOf, type WidgetKind } from '../renderer/core/widgetCatalogue';
import { addressFields } from './Address';
import addressFile from './Address/widget.json';
import checkboxFile from './Checkbox/widget.json';
import checkboxGroupFile from './CheckboxGroup/widget.json';
import dateInputFile from './DateInput/widget.json';
import datePartsFile from './DateParts/widget.json';
import dateTimeInputFile from './DateTimeInput/widget.json';
import declarationCheckboxFile from './DeclarationCheckbox/widget.json';
import declarationRadioFile from './DeclarationRadio/widget.json';
import fileUploadFile from './FileUpload/widget.json';
import hiddenFile from './Hidden/widget.json';
import multiSelectFile from './MultiSelect/widget.json';
import numberInputFile from './NumberInput/widget.json';
import passwordInputFile from './PasswordInput/widget.json';
import radioGroupFile from './RadioGroup/widget.json';
import rangeFile from './Range/widget.json';
import repeatingGroupFile from './RepeatingGroup/widget.json';
import selectFile from './Select/widget.json';
import sharedFile from './shared/widget.json';
import switchFile from './Switch/widget.json';
import textareaFile from './Textarea/widget.json';
import textInputFile from './TextInput/widget.json';
import timeInputFile from './TimeInput/widget.json';
import yesNoFile from './YesNo/widget.json';

export type { WidgetKind };

/** What every widget accepts, from the `widget.json` files (the flow pipeline reads the same files). */
export const widgetCatalogue = catalogueOf([
  addressFile,
  checkboxFile,
  checkboxGroupFile,
  dateInputFile,
  datePartsFile,
  dateTimeInputFile,
  declarationCheckboxFile,
  declarationRadioFile,
  fileUploadFile,
  hiddenFile,
  multiSelectFile,
  numberInputFile,
  passwordInputFile,
  radioGroupFile,
  rangeFile,
  repeatingGroupFile,
  selectFile,
  sharedFile,
  switchFile,
  textareaFile,
  textInputFile,
  timeInputFile,
  yesNoFile,
] as Parameters<typeof catalogueOf>[0]);

const dateWidgets = () => import('./dateWidgets');

/**
 * The component of each described widget, by its name in `widget.json`. The widgets most steps show
 * are in the first script (the text area too: both registration flows show one on their first step,
 * and as a chunk of its own it and its counter cost those pages three requests for about 1 KB); the
 * others are loaded when a step shows them (or its page preloads them).
 */
const components: Record<string, Widget> = {
  TextInput,
  EmailWidget: EmailInput,
  URLWidget: UrlInput,
  TelWidget: TelInput,
  RadioGroup: lazyComponent<WidgetProps>(() => import('./RadioGroup/RadioGroup').then((module) => module.RadioGroup)),
  YesNo,
  Select,
  Checkbox,
  DateInput,
  DeclarationCheckbox,
  DeclarationRadio,
  Hidden,
  Textarea,
  FileUpload: lazyComponent<WidgetProps>(() => import('./FileUpload/FileUpload').then((module) => module.FileUpload)),
  NumberInput: lazyComponent<WidgetProps>(() => import('./NumberInput/NumberInput').then((module) => module.NumberInput)),
  Range: lazyComponent<WidgetProps>(() => import('./Range/Range').then((module) => module.Range)),
  PasswordInput: lazyComponent<WidgetProps>(() => import('./PasswordInput/PasswordInput').then((module) => module.PasswordInput)),
  CheckboxGroup: lazyComponent<WidgetProps>(() => import('./CheckboxGroup/CheckboxGroup').then((module) => module.CheckboxGroup)),
  MultiSelect: lazyComponent<WidgetProps>(() => import('./MultiSelect/MultiSelect').then((module) => module.MultiSelect)),
  TimeInput: lazyComponent<WidgetProps>(() => dateWidgets().then((module) => module.TimeInput)),
  DateTimeInput: lazyComponent<WidgetProps>(() => dateWidgets().then((module) => module.DateTimeInput)),
  DateParts: lazyComponent<WidgetProps>(() => dateWidgets().then((module) => module.DateParts)),
  Switch: lazyComponent<WidgetProps>(() => import('./Switch/Switch').then((module) => module.Switch)),
};

/** Widget name or alias (as in `ui:widget`) -> component and kind. */
export const widgetRegistry: Record<string, { component: Widget; kind: WidgetKind }> = Object.fromEntries(
  [...namesOf(widgetCatalogue.widgets)].map(([name, description]) => {
    const component = components[description.name];
    if (!component) throw new Error(`Widget zonder component: ${description.name}`);
    return [name, { component, kind: description.kind ?? 'control' }];
  }),
);

/** The `widgets` prop for rjsf's `<Form>`: name -> component. */
export const widgets: RegistryWidgetsType = Object.fromEntries(Object.entries(widgetRegistry).map(([name, entry]) => [name, entry.component]));

const kinds = new Map<string, WidgetKind>();

/** The kind of a registered widget; throws for an unknown (or missing) name. Asked for every field on every render: looked up once per name. */
export function widgetKind(name: string | undefined): WidgetKind {
  const known = name === undefined ? undefined : kinds.get(name);
  if (known) return known;
  const description = name === undefined ? undefined : findDescription(widgetCatalogue.widgets, name);
  if (!description) throw new Error(`Onbekend widget: ${name}`);
  const kind = description.kind ?? 'control';
  kinds.set(name!, kind);
  return kind;
}

/**
 * Starts loading the code of the widgets and fields among `names` that are loaded on demand (those
 * with a `preload`), so a step that shows one does not wait for it after its first render.
 */
export function preloadUiCode(names: Iterable<string>): Promise<unknown> {
  const parts: unknown[] = [...names].map((name) =>
    Object.hasOwn(addressFields, name) ? addressFields[name] : Object.hasOwn(widgets, name) ? widgets[name] : undefined,
  );
  return Promise.all(parts.map((part) => (part as { preload?: () => Promise<unknown> } | undefined)?.preload?.()));
}

export { Alert, type AlertProps, type AlertType } from './Alert';
export { HelpText, type HelpTextProps } from './HelpText';
export { widgetResources } from './i18n';
export { createChangeQueue, type ChangeQueue } from './shared/typing';
export { FieldAriaContext, ItemLabelContext, type FieldAria } from './shared/aria';
export { useT, widgetI18n, type WidgetFormContext, type WidgetI18n } from './shared/useT';
export { AddressField, addressFields as fields, type AddressServices } from './Address';
export { RadioOptions, type RadioItem } from './shared/RadioOptions';
