#!/usr/bin/env node
import { configFromEnv, roleFrom } from './config.js';
import { serveFromCli } from './serve-from-cli.js';

/**
 * `splice-service`: starts the embedded service and prints what a curl user needs. The CRM providers are
 * the ones SPLICE_HUBSPOT_BASE_URL and SPLICE_SALESFORCE_BASE_URL name; `pnpm service` starts their
 * emulators first (dev/service-with-emulators.ts). `--role api|worker|all` (default `all`) says which part
 * runs here (see `ServiceConfig.role`).
 */
await serveFromCli({ ...configFromEnv(), role: roleFrom(process.argv.slice(2), process.env) });
