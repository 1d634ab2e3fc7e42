/**
 * The import rules of the service's, the provider emulators' and the sandbox data set's source (`pnpm lint`
 * runs `depcruise`): no circular imports; in the service, the HTTP routes sit on top, mounted only by the
 * app, so everything else (installations, lookups, search, reads, stores) is usable without them; the
 * emulators never import the service, and the data set they share imports no package of ours.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A module of the service, the emulators or the data set must not import itself back, also through type-only imports.',
      from: { path: '^packages/(service|provider-emulators|sandbox-data)/src/' },
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
      name: 'emulators-without-service',
      severity: 'error',
      comment:
        'The provider emulators take the generated data set from `@splice/sandbox-data`, never from the service, so that starting one loads no store or server of the service and the service may start them in its tests without a cycle.',
      from: { path: '^packages/provider-emulators/src/' },
      // Workspace packages may show by name (unresolved) or by their source path.
      to: { path: '^(@splice/service|packages/service/)' },
    },
    {
      name: 'sandbox-data-on-its-own',
      severity: 'error',
      comment:
        'The generated data set depends on no other package of ours, so the service and the emulators can both depend on it.',
      from: { path: '^packages/sandbox-data/src/' },
      to: { path: '^(@splice/|packages/)', pathNot: '^packages/sandbox-data/' },
    },
    {
      name: 'service-without-emulators',
      severity: 'error',
      comment:
        'The emulators stand in for providers in tests and local runs; the service source never imports them.',
      // Tests and their fixtures (left out of the build) start them.
      from: { path: '^packages/service/src/', pathNot: '\\.(test|fixture)\\.ts$' },
      to: { path: '^(@splice/provider-emulators|packages/provider-emulators/)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a circle of types still ties the modules' meaning together.
    tsPreCompilationDeps: true,
  },
};
