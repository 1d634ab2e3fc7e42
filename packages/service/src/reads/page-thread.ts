/**
 * A `PageBuilder` on a worker thread, for the sandbox provider, whose records live in an SQLite file
 * that a second connection can read. The engine's thread then only stores pages and delivers messages
 * while the worker reads and shapes the next page: on two cores a backfill runs about twice as fast as
 * with both halves on one thread, and the engine's event loop never stalls on shaping.
 *
 * A worker that cannot start or dies fails the pages asked of it; the engine then builds pages in its own
 * thread (see `ReadEngine`), so a read never depends on the worker.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { BuiltPage, PageBuilder } from './page-builder.js';

/** Under tsx (the CLI, the tests) this file is TypeScript and so is the worker's; built, both are .js. */
const workerUrl = new URL(
  import.meta.url.endsWith('.ts') ? './page-thread-worker.ts' : './page-thread-worker.js',
  import.meta.url,
);

/** tsx's module API (`tsx/esm/api`), found from this file (the workspace's root has tsx). */
function tsxApi(): string {
  const packageJson = createRequire(import.meta.url).resolve('tsx/package.json');
  return pathToFileURL(path.join(path.dirname(packageJson), 'dist/esm/api/index.mjs')).href;
}

/**
 * Until the worker has loaded (its first start takes a moment, longer under tsx, and a service restarted
 * after a crash should not wait for it) pages are built by `meanwhile`, in the engine's thread.
 */
export function threadPageBuilder(databaseFile: string, meanwhile: PageBuilder): PageBuilder {
  let worker: Worker | undefined;
  let ready = false;
  let broken: Error | undefined;
  let nextId = 0;
  const waiting = new Map<number, { resolve: (page: BuiltPage) => void; reject: (error: Error) => void }>();

  const fail = (error: Error) => {
    broken = error;
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };

  const start = () => {
    // A page is about a megabyte of strings: a small heap keeps the worker's share of memory small.
    const options = {
      workerData: { databaseFile },
      resourceLimits: { maxYoungGenerationSizeMb: 16, maxOldGenerationSizeMb: 128 },
    };
    // A TypeScript worker first registers the loader the main thread runs under (tsx's `register`, which
    // `--import tsx` does only on a main thread); a built one needs none.
    worker = workerUrl.pathname.endsWith('.ts')
      ? new Worker(
          `import(${JSON.stringify(tsxApi())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(workerUrl.href)}); })`,
          { ...options, eval: true },
        )
      : new Worker(workerUrl, options);
    worker.unref();
    worker.on('message', (reply: { id: number; page?: BuiltPage; error?: string } | 'ready') => {
      if (reply === 'ready') {
        ready = true;
        return;
      }
      const entry = waiting.get(reply.id);
      if (!entry) return;
      waiting.delete(reply.id);
      if (reply.page) entry.resolve(reply.page);
      else entry.reject(new Error(reply.error ?? 'the page worker failed'));
    });
    worker.on('error', (error) => fail(error));
    worker.on('exit', (code) => {
      if (waiting.size > 0 || code !== 0) fail(new Error(`the page worker exited (${code})`));
    });
  };

  return {
    inThread: false,
    build(request) {
      if (broken) return Promise.reject(broken);
      if (!worker) start();
      if (!ready) return meanwhile.build(request);
      const id = nextId++;
      return new Promise<BuiltPage>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker!.postMessage({ id, request });
      });
    },
    async close() {
      const running = worker;
      worker = undefined;
      broken = new Error('the page worker was closed');
      if (running) await running.terminate();
    },
  };
}
