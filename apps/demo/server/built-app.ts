/**
 * The React app as a builder ships it (`DEMO_APP=build`): built with Vite once at start, into the data
 * folder, then served as files. A page load fetches one script and one stylesheet, where Vite's dev server
 * answers each of about two hundred modules on its own; the end-to-end suite serves its demos this way.
 */
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { getMimeType } from 'hono/utils/mime';
import { build } from 'vite';
import { appRoot } from './config.js';
import { cspNoncePlaceholder } from './page-headers.js';

/** What a request that matches no file gets. */
export type NotFound = () => void;

/** Builds the app into `outDir` with the page's nonce placeholder (see page-headers.ts). */
export async function buildApp(outDir: string): Promise<void> {
  await build({
    root: appRoot,
    // A failed build throws; the bundle-size advice is not for a demo's terminal.
    logLevel: 'error',
    html: { cspNonce: cspNoncePlaceholder },
    build: { outDir, emptyOutDir: true },
  });
}

/**
 * Answers from the build in `outDir`: its files, and its page for `/` and any other page address (the app
 * routes in the URL's hash). Hashed assets are cached for good; the page never is, as its nonce changes.
 */
export function serveBuiltApp(outDir: string) {
  const root = resolve(outDir);
  return (req: IncomingMessage, res: ServerResponse, notFound: NotFound): void => {
    const file = req.method === 'GET' || req.method === 'HEAD' ? fileFor(root, req) : undefined;
    if (!file) {
      notFound();
      return;
    }
    readFile(file).then(
      (body) => {
        res.setHeader('Content-Type', getMimeType(file) ?? 'application/octet-stream');
        const hashed = file.startsWith(join(root, 'assets') + sep);
        res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.statusCode = 200;
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      () => notFound(),
    );
  };
}

/** The build's file a request names: never one outside the build, nor a dotfile. */
function fileFor(root: string, req: IncomingMessage): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(new URL(req.url ?? '/', 'http://demo').pathname);
  } catch {
    return undefined;
  }
  if (path === '/' || (req.headers.accept?.includes('text/html') && !extname(path))) {
    return join(root, 'index.html');
  }
  const file = resolve(root, `.${path}`);
  const inside = file.startsWith(root + sep) && !path.split('/').some((part) => part.startsWith('.'));
  return inside ? file : undefined;
}
