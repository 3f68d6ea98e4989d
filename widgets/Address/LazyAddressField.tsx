// The Address field as the registry offers it: its code is loaded when a form first shows an
// address, so flows without one do not carry it (see shared/lazyComponent.tsx).
import type { FieldProps } from '@rjsf/utils';
import { lazyComponent } from '../shared/lazyComponent';

export const LazyAddressField = lazyComponent<FieldProps>(() => import('./AddressField').then((module) => module.AddressField));
