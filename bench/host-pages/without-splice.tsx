// The host's page without Splice: React, React DOM and the page's own root. Every other page here is
// this one plus a component, so the difference is what that component costs the host.
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(<main>Settings</main>);
