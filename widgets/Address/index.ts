// Public entry of the Address field folder. Only types are re-exported from AddressField itself,
// so importing this index does not pull the field's code into the first bundle.
import type { RegistryFieldsType } from '@rjsf/utils';
import { LazyAddressField } from './LazyAddressField';
export type { AddressServices, PostcodeLookupResult } from './AddressField';
export { LazyAddressField };

/** The custom rjsf fields of this folder by `ui:field` name; `widgets/index.ts` exports it as `fields`. */
export const addressFields: RegistryFieldsType = { Address: LazyAddressField };
