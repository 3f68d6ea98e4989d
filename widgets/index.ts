// The widget registry the renderer plugs into rjsf: which component renders each widget name,
// and how the FieldTemplate must wrap it (label, fieldset/legend, or nothing). Also maps rjsf's
// own default widget names to ours, so rjsf never falls back to its unstyled widgets.
import type { RegistryWidgetsType, Widget } from '@rjsf/utils';
import { Checkbox } from './Checkbox';
import { DateInput } from './DateInput';
import { DeclarationCheckbox } from './DeclarationCheckbox';
import { DeclarationRadio } from './DeclarationRadio';
import { FileUpload } from './FileUpload';
import { RadioGroup } from './RadioGroup';
import { Select } from './Select';
import { Textarea } from './Textarea';
import { EmailInput, TelInput, TextInput } from './TextInput';
import { YesNo } from './YesNo';

/**
 * How the FieldTemplate wraps a widget. control: `<label for=id>`; group: `<fieldset><legend>`;
 * self: the widget renders its own label (single checkbox).
 */
export type WidgetKind = 'control' | 'group' | 'self';

/** Widget name (as in `ui:widget`) -> component and kind. */
export const widgetRegistry: Record<string, { component: Widget; kind: WidgetKind }> = {
  TextInput: { component: TextInput, kind: 'control' },
  Textarea: { component: Textarea, kind: 'control' },
  RadioGroup: { component: RadioGroup, kind: 'group' },
  YesNo: { component: YesNo, kind: 'group' },
  Select: { component: Select, kind: 'control' },
  Checkbox: { component: Checkbox, kind: 'self' },
  DeclarationCheckbox: { component: DeclarationCheckbox, kind: 'group' },
  DeclarationRadio: { component: DeclarationRadio, kind: 'group' },
  DateInput: { component: DateInput, kind: 'control' },
  FileUpload: { component: FileUpload, kind: 'group' },
  // rjsf's default names.
  TextWidget: { component: TextInput, kind: 'control' },
  TextareaWidget: { component: Textarea, kind: 'control' },
  RadioWidget: { component: RadioGroup, kind: 'group' },
  SelectWidget: { component: Select, kind: 'control' },
  CheckboxWidget: { component: Checkbox, kind: 'self' },
  EmailWidget: { component: EmailInput, kind: 'control' },
  TelWidget: { component: TelInput, kind: 'control' },
};

/** The `widgets` prop for rjsf's `<Form>`: name -> component. */
export const widgets: RegistryWidgetsType = Object.fromEntries(
  Object.entries(widgetRegistry).map(([name, entry]) => [name, entry.component]),
);

/** The kind of a registered widget; throws for an unknown (or missing) name. */
export function widgetKind(name: string | undefined): WidgetKind {
  if (name === undefined || !Object.hasOwn(widgetRegistry, name)) throw new Error(`Onbekend widget: ${name}`);
  return widgetRegistry[name].kind;
}

export { Alert, type AlertProps, type AlertType } from './Alert';
export { HelpText, type HelpTextProps } from './HelpText';
export { FileList, type FileListProps } from './FileList';
export { formatFileSize, validateFiles, putFile, getFile, removeFile, clearFiles, type FileRef, type FileLimits, type FileProblem } from './FileUpload';
export { widgetResources } from './i18n';
export { createChangeQueue, type ChangeQueue } from './shared/typing';
export { useT, widgetI18n, type WidgetFormContext, type WidgetI18n } from './shared/useT';
export { LazyAddressField as AddressField, addressFields as fields, type AddressServices } from './Address';
