/**
 * The import rules of the service's and the provider emulators' source (`pnpm lint` runs `depcruise`):
 * no circular imports; in the service, the HTTP routes sit on top, mounted only by the app, so everything
 * else (installations, lookups, search, reads, stores) is usable without them; the emulators and the
 * service meet only at the sandbox data set.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A module of the service or the emulators must not import itself back, also through type-only imports.',
      from: { path: '^packages/(service|provider-emulators)/src/' },
      to: { circular: true },
    },
    {
      name: 'routes-on-top',
      severity: 'error',
      comment:
        'Only the app (src/app.ts) mounts the routes; code below them (lookups, installations, search, reads) must not import from src/routes/.',
      from: {
        path: '^packages/service/src/',
        pathNot: ['^packages/service/src/routes/', '^packages/service/src/app\\.ts$'],
      },
      to: { path: '^packages/service/src/routes/' },
    },
    {
      name: 'emulators-through-sandbox-data',
      severity: 'error',
      comment:
        'The provider emulators reuse only the sandbox data set of the service (`@splice/service/sandbox-data`), so that starting one loads no store or server of the service.',
      from: { path: '^packages/provider-emulators/src/' },
      // Workspace packages may show by name (unresolved) or by their source path.
      to: {
        path: '^(@splice/service|packages/service/src/)',
        pathNot: '^(@splice/service/sandbox-data|packages/service/src/sandbox-data\\.ts)$',
      },
    },
    {
      name: 'service-without-emulators',
      severity: 'error',
      comment:
        'The emulators stand in for providers in tests and local runs; the service source never imports them.',
      from: { path: '^packages/service/src/', pathNot: '\\.test\\.ts$' },
      to: { path: '^(@splice/provider-emulators|packages/provider-emulators/)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a circle of types still ties the modules' meaning together.
    tsPreCompilationDeps: true,
  },
};
