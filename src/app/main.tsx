/** Browser entry of the portal (index.html loads this module). */
import '@utrecht/component-library-css/dist/index.css';
import '@utrecht/design-tokens/dist/index.css';
import './styles/theme.css';
import './visuallyHidden.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { bootData } from '../api/boot';
import { loadFlow } from '../api/flows';

// The flow the page came with starts loading (its validator module, its widget code) while React mounts.
const boot = bootData();
if (boot?.flow) void loadFlow(boot.flow.flow.id, boot.lang).catch(() => undefined);

const container = document.getElementById('root');
if (!container) throw new Error('Element #root ontbreekt in index.html');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The moment the main script has run: what the page fetches in parallel is measured against it.
performance.mark('portal:main-evaluated');
