// Public entry of the Address field folder.
import type { RegistryFieldsType } from '@rjsf/utils';
import { AddressField } from './AddressField';
export type { AddressServices, PostcodeLookupResult } from './AddressField';
export { AddressField };

/**
 * The custom rjsf fields of this folder by `ui:field` name; `widgets/index.ts` exports it as `fields`.
 * In the first script: the first steps of both registration flows show an address, and a chunk of
 * its own cost those pages a request more than its 2 KB.
 */
export const addressFields: RegistryFieldsType = { Address: AddressField };
