/** Browser entry of the portal (index.html loads this module). */
import '@utrecht/component-library-css/dist/index.css';
import '@utrecht/design-tokens/dist/index.css';
import './styles/theme.css';
import './visuallyHidden.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

const container = document.getElementById('root');
if (!container) throw new Error('Element #root ontbreekt in index.html');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
