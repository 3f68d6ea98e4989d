/** Browser entry of the back office (beheer.html, served at /beheer): its own bundle, apart from the applicants' pages. */
import '@utrecht/component-library-css/dist/index.css';
import '@utrecht/design-tokens/dist/index.css';
import '../app/styles/theme.css';
import '../app/visuallyHidden.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BeheerApp } from './BeheerApp';

const container = document.getElementById('root');
if (!container) throw new Error('Element #root ontbreekt in beheer.html');

createRoot(container).render(
  <StrictMode>
    <BeheerApp />
  </StrictMode>,
);
