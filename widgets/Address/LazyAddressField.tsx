// The Address field as the registry offers it: its code is loaded when a form first shows an
// address, so flows without one do not carry it.
import type { FieldProps } from '@rjsf/utils';
import { lazy, Suspense } from 'react';

const AddressField = lazy(() => import('./AddressField').then((module) => ({ default: module.AddressField })));

export function LazyAddressField(props: FieldProps) {
  return (
    <Suspense fallback={null}>
      <AddressField {...props} />
    </Suspense>
  );
}
