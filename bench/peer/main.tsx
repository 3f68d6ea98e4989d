/**
 * The peer of `npm run bench:peer`: a plain React app with the stock @rjsf/core `Form` and the stock
 * @rjsf/validator-ajv8 `validator` (no custom registry, widgets, templates or styling; liveValidate
 * off) rendering one JSON Schema. The schema is not part of this source: scripts/bench-peer.ts
 * builds this folder with Vite and injects it as `__PEER_SCHEMA__` (`define`). The form sits in a
 * `<main>` like the portal's, so the benchmark finds both with the same selector (`main form`).
 */
import Form from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { createRoot } from 'react-dom/client';

declare const __PEER_SCHEMA__: RJSFSchema;

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <main>
    <Form schema={__PEER_SCHEMA__} validator={validator} liveValidate={false} />
  </main>,
);
