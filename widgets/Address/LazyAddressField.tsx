// The Address field as the registry offers it: its code is loaded when a form first shows an
// address, so flows without one do not carry it. `preload` starts loading it earlier (when the
// page knows a step shows one); an instance mounted once the code is there renders it at once,
// without a suspended first render.
import type { FieldProps } from '@rjsf/utils';
import { lazy, Suspense, useState, type ComponentType } from 'react';

let loaded: ComponentType<FieldProps> | undefined;
let loading: Promise<ComponentType<FieldProps>> | undefined;

function load(): Promise<ComponentType<FieldProps>> {
  loading ??= import('./AddressField').then((module) => (loaded = module.AddressField));
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

const Suspended = lazy(() => load().then((component) => ({ default: component })));

export function LazyAddressField(props: FieldProps) {
  // Chosen once per instance, so the field is never swapped (and its state lost) while it is shown.
  const [Component] = useState(() => loaded ?? Suspended);
  return (
    <Suspense fallback={null}>
      <Component {...props} />
    </Suspense>
  );
}

LazyAddressField.preload = load;
