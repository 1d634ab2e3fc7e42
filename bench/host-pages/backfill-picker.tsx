import { BackfillPicker } from '@splice/react';
import '@splice/react/styles.css';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(
  <main>
    <BackfillPicker name="backfill" />
  </main>,
);
