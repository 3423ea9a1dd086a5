import { configureZod } from '@switchboard/contracts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { i18nReady } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import './styles.css';

// The shared schemas' messages (a missing value is "required"): called, so no build drops it.
configureZod();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const root = createRoot(container);
const render = () =>
  root.render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
// The language's texts arrive first; if they cannot, the console still starts (keys show).
i18nReady.then(render, render);
