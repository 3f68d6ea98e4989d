// One place for the aria attributes every data widget sets, so the FieldTemplate's
// error/description/help ids are always linked the same way.
import { ariaDescribedByIds } from '@rjsf/utils';

/** `aria-describedby` value: the template's error, description and help ids plus any extra ids of the widget. */
export function describedBy(id: string, ...extra: (string | undefined | false)[]): string {
  return [ariaDescribedByIds(id), ...extra.filter(Boolean)].join(' ');
}

/** True when rjsf reported errors for the field (drives `aria-invalid` and the invalid styles). */
export function hasErrors(rawErrors: string[] | undefined): boolean {
  return Boolean(rawErrors?.length);
}
