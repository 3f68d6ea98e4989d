/**
 * rjsf's ArrayField with what only a list needs: the portal's repeating-group templates, rjsf's
 * other array templates and its add, move and remove buttons. Loaded on demand (see ./index.ts), so a step without a list — most of
 * them — carries none of it in its first download.
 */
import RjsfArrayField from '@rjsf/core/lib/components/fields/ArrayField.js';
import ArrayFieldDescriptionTemplate from '@rjsf/core/lib/components/templates/ArrayFieldDescriptionTemplate.js';
import ArrayFieldItemButtonsTemplate from '@rjsf/core/lib/components/templates/ArrayFieldItemButtonsTemplate.js';
import ArrayFieldTitleTemplate from '@rjsf/core/lib/components/templates/ArrayFieldTitleTemplate.js';
import AddButton from '@rjsf/core/lib/components/templates/ButtonTemplates/AddButton.js';
import { CopyButton, MoveDownButton, MoveUpButton, RemoveButton } from '@rjsf/core/lib/components/templates/ButtonTemplates/IconButton.js';
import type { FieldProps, Registry } from '@rjsf/utils';
import { ArrayFieldItemTemplate, ArrayFieldTemplate } from '../../../widgets/RepeatingGroup';
import { lazyButtons } from '.';

const listTemplates = { ArrayFieldDescriptionTemplate, ArrayFieldItemButtonsTemplate, ArrayFieldItemTemplate, ArrayFieldTemplate, ArrayFieldTitleTemplate };

const listButtons = { AddButton, CopyButton, MoveDownButton, MoveUpButton, RemoveButton };

const withListTemplates = new WeakMap<Registry, Registry>();

/** The form's registry with the list templates added (one object per registry, so fields below can skip rendering). */
function listRegistry(registry: Registry): Registry {
  let extended = withListTemplates.get(registry);
  if (!extended) {
    const { templates } = registry;
    // rjsf's list buttons come with the list, where the registry has the stand-ins that load them on demand.
    const buttons: Record<string, unknown> = { ...templates.ButtonTemplates };
    for (const [name, button] of Object.entries(listButtons)) if (buttons[name] === lazyButtons[name as keyof typeof lazyButtons]) buttons[name] = button;
    const ButtonTemplates = buttons as Registry['templates']['ButtonTemplates'];
    extended = { ...registry, templates: { ...(listTemplates as Partial<Registry['templates']>), ...templates, ButtonTemplates } };
    withListTemplates.set(registry, extended);
  }
  return extended;
}

export default function ArrayField(props: FieldProps) {
  return <RjsfArrayField {...(props as FieldProps<unknown[]>)} registry={listRegistry(props.registry)} />;
}
