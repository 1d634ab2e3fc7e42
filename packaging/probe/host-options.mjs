// Shared by the two host probes: the BFF's options from the environment the packaging test sets, and a
// session fixed per host (the host's own login is out of scope here; the group still never comes from
// the browser).
export function bffOptions() {
  const env = process.env;
  return {
    baseUrl: env.SPLICE_BASE_URL,
    searchUrl: env.SPLICE_SEARCH_URL,
    apiKey: env.SPLICE_API_KEY,
    authToken: env.SPLICE_AUTH_TOKEN,
    project: 'demo',
    allowedOrigins: [env.APP_ORIGIN],
    resolveSession: () => ({ groupRef: env.GROUP_REF, orgId: 'org-demo', consumerRef: env.CONSUMER_REF }),
    logger: () => {},
  };
}

/** Prints the URL the test waits for, and stops cleanly on SIGTERM. */
export function announce(server, close) {
  const { port } = server.address();
  console.log(`listening http://127.0.0.1:${port}`);
  process.once('SIGTERM', () => {
    server.close(() => void close().then(() => process.exit(0)));
    server.closeAllConnections?.();
  });
}
