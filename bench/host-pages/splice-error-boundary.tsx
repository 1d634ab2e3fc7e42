import { SpliceErrorBoundary } from '@splice/react';
import '@splice/react/styles.css';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(
  <main>
    <SpliceErrorBoundary>Settings</SpliceErrorBoundary>
  </main>,
);
