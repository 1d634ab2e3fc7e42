/**
 * Builds the page that runs `@amp-labs/react` against an embedded service, with vite as the demo is built,
 * and serves it from a loopback port. The library's server is set the way its documentation says, through
 * the build-time `REACT_APP_AMP_SERVER`; the library itself is bundled unchanged.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const pageDir = fileURLToPath(new URL('.', import.meta.url));

export interface PageSettings {
  /** The embedded service's origin: the library's `REACT_APP_AMP_SERVER`. */
  server: string;
  apiKey: string;
  project: string;
  integration: string;
}

export async function buildPage(outDir: string, settings: PageSettings): Promise<void> {
  const { server, ...pageSettings } = settings;
  await build({
    root: pageDir,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    define: {
      // The library reads its server from `process.env` (a create-react-app convention), so the whole
      // object is given: any other variable it asks for reads as unset.
      'process.env': JSON.stringify({ NODE_ENV: 'production', REACT_APP_AMP_SERVER: server }),
      __PAGE_SETTINGS__: JSON.stringify(pageSettings),
    },
    build: { outDir, emptyOutDir: true, sourcemap: false, reportCompressedSize: false },
  });
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

export interface ServedPage {
  origin: string;
  close(): Promise<void>;
}

/** Serves the built files from `dir` on a free loopback port (unknown paths answer the page itself). */
export async function servePage(dir: string): Promise<ServedPage> {
  const server: Server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    const file = join(dir, path.endsWith('/') || extname(path) === '' ? 'index.html' : path);
    if (!file.startsWith(dir)) {
      res.writeHead(404).end();
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'Content-Type': contentTypes[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
