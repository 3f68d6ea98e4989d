// A widget or field whose code is loaded when a form first shows it, so the first script of the
// portal does not carry what most steps never show. `preload` starts loading it earlier: the page
// of a step that shows one asks for its chunk with a modulepreload link (src/server/boot), and the
// flow loader preloads the code of every step once the first is on screen. An instance mounted
// once the code is there renders it at once, without a suspended first render. While it waits, the
// page counts as not settled (renderer/browser/pendingWork).
import { lazy, Suspense, useLayoutEffect, useState, type ComponentType } from 'react';
import { loadOnce } from '../../renderer/browser/loadOnce';
import { beginWork } from '../../renderer/browser/pendingWork';

export type Preloadable<P> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * A Suspense fallback that shows nothing and counts as pending work while it is on screen: the
 * page is not settled while any part of it waits for its code.
 */
export function WorkPending() {
  useLayoutEffect(() => beginWork(), []);
  return null;
}

/** The component `load` gives, rendered through Suspense until its code is there. */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  const preload = loadOnce(() => load().then((component) => (loaded = component)));
  const Suspended = lazy(() => preload().then((component) => ({ default: component })));
  function LazyComponent(props: P) {
    // Chosen once per instance, so the component is never swapped (and its state lost) while it is shown.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Suspended);
    return (
      <Suspense fallback={<WorkPending />}>
        <Component {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyComponent, { preload });
}
