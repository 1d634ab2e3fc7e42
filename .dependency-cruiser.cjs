/**
 * The import rules of the service's source (`pnpm lint` runs `depcruise`): its core has no circular
 * imports, and the HTTP routes sit on top, mounted only by the app, so everything else (installations,
 * lookups, search, reads, stores) is usable without them.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A module of the service must not import itself back, also through type-only imports.',
      from: { path: '^packages/service/src/' },
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
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a circle of types still ties the modules' meaning together.
    tsPreCompilationDeps: true,
  },
};
