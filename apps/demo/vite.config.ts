import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const fromRepo = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
const fromApp = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Used by server/start-demo.ts, which runs Vite in middleware mode inside the demo's own HTTP server.
export default defineConfig({
  plugins: [react()],
  server: {
    fs: {
      // Vite would serve any file of the workspace by default, the service's and the BFF's sources
      // included; the browser needs only the app, the React library, the schemas and installed packages.
      allow: ['.', fromRepo('packages/react'), fromRepo('packages/schema'), fromRepo('node_modules')],
      // The server's code and the data folder are not the browser's business either.
      deny: ['.env', '.env.*', '*.{crt,pem}', '**/.git/**', '**/.data/**', `${fromApp('server')}/**`],
    },
    warmup: { clientFiles: ['./src/main.tsx'] },
  },
  // The app's own dependencies, optimised before the first page load; Vite's start-up scan finds those of
  // @splice/react (linked source) by itself. Nothing is found late, so no page is reloaded mid-use.
  optimizeDeps: {
    include: ['react', 'react/jsx-dev-runtime', 'react-dom/client', '@tanstack/react-query'],
  },
});
