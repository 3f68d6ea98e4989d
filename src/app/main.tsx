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
import { preloadStepCode } from '../../renderer/react/onDemand';
import { claimTab } from '../../renderer/browser/tabIdentity';
import { loadWithValidation } from '../../renderer/react/wizard/useStepValidation';
import { loadCheckTexts } from './i18n';

/**
 * How long the first render waits for the flow the page came with. Its validator module and widget
 * code were asked for by the page's preload links, side by side with this script, so they are
 * normally here by now; the wait only keeps the shell from being drawn once with a loading text
 * and then again with the step. A slow load shows the shell (and its loading text) after this.
 */
const FIRST_RENDER_WAIT_MS = 1000;

// Which tab this page is, before anything keeps a file: a copy of an open tab takes over copies of
// its files at once, so that what the original removes later is no longer shared.
if (claimTab().copiedFrom) void import('../../renderer/browser/fileStore').then((store) => store.openFileStore());

// The Dutch texts of the check's messages come with the check's code, not with the first page.
loadWithValidation(loadCheckTexts);

const container = document.getElementById('root');
if (!container) throw new Error('Element #root ontbreekt in index.html');

const mount = () =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

// The flow the page came with starts loading (its validator module, its widget code) at once.
const boot = bootData();
if (boot?.flow) {
  const wait = new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS));
  void Promise.race([loadFlow(boot.flow.flow.id, boot.lang, undefined, preloadStepCode), wait])
    .catch(() => undefined)
    .then(mount);
} else {
  mount();
}

// The moment the main script has run: what the page fetches in parallel is measured against it.
performance.mark('portal:main-evaluated');
