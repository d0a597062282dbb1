// Global styles first: every component's own stylesheet must come after them in the
// bundle, so equal-specificity component rules win over the shared ones.
import './styles/theme.css';
import './styles/base.css';
import './ui/button.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { registerServiceWorker } from './app/register-service-worker';
import { syncThemeWithSystemAndTabs } from './lib/theme/theme-store';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

syncThemeWithSystemAndTabs();
registerServiceWorker();
