// Public entry of the Address field folder.
import type { RegistryFieldsType } from '@rjsf/utils';
import { AddressField } from './AddressField';
export {
  AddressField,
  DUTCH_FIELDS,
  LOOKUP_CLEARED_FIELDS,
  LOOKUP_DEBOUNCE_MS,
  NETHERLANDS,
  isDutch,
  lookupKey,
  normaliseHuisnummer,
  normalisePostcode,
  type AddressServices,
  type PostcodeLookupResult,
} from './AddressField';

/** The custom rjsf fields of this folder by `ui:field` name; `widgets/index.ts` exports it as `fields`. */
export const addressFields: RegistryFieldsType = { Address: AddressField };
