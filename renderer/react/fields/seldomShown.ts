/**
 * rjsf templates and fields the portal's forms do not reach (the portal's own field and object
 * templates take the place of rjsf's and render labels, descriptions, help and errors themselves; its widgets are not built on
 * rjsf's input template; flow schemas have no additional properties, no cycles and no optional-data
 * controls), and the list buttons only a list shows. rjsf's registry must still name them, so they
 * are loaded here, on demand, if a form ever renders one (see ./index.ts).
 */
export { default as BaseInputTemplate } from '@rjsf/core/lib/components/templates/BaseInputTemplate.js';
export { default as CyclicSchemaExpandTemplate } from '@rjsf/core/lib/components/templates/CyclicSchemaExpandTemplate.js';
export { default as CyclicSchemaField } from '@rjsf/core/lib/components/fields/CyclicSchemaField.js';
export { default as DescriptionFieldTemplate } from '@rjsf/core/lib/components/templates/DescriptionField.js';
export { default as ErrorListTemplate } from '@rjsf/core/lib/components/templates/ErrorList.js';
export { default as FieldTemplate } from '@rjsf/core/lib/components/templates/FieldTemplate/index.js';
export { default as ObjectFieldTemplate } from '@rjsf/core/lib/components/templates/ObjectFieldTemplate.js';
export { default as FieldErrorTemplate } from '@rjsf/core/lib/components/templates/FieldErrorTemplate.js';
export { default as FieldHelpTemplate } from '@rjsf/core/lib/components/templates/FieldHelpTemplate.js';
export { default as OptionalDataControlsField } from '@rjsf/core/lib/components/fields/OptionalDataControlsField.js';
export { default as OptionalDataControlsTemplate } from '@rjsf/core/lib/components/templates/OptionalDataControlsTemplate.js';
export { default as TitleFieldTemplate } from '@rjsf/core/lib/components/templates/TitleField.js';
export { default as UnsupportedFieldTemplate } from '@rjsf/core/lib/components/templates/UnsupportedField.js';
export { default as WrapIfAdditionalTemplate } from '@rjsf/core/lib/components/templates/WrapIfAdditionalTemplate.js';
export { default as AddButton } from '@rjsf/core/lib/components/templates/ButtonTemplates/AddButton.js';
export { ClearButton, CopyButton, MoveDownButton, MoveUpButton, RemoveButton } from '@rjsf/core/lib/components/templates/ButtonTemplates/IconButton.js';
