import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from 'better-sqlite3';
import type { OAuthDeps } from './connect-flow.js';
import { SecretBox } from './crypto.js';
import { SqliteOAuthStore } from './oauth-store.js';

/** The key file beside the database, created on first start and readable by its owner only. */
export const secretKeyFileName = 'secret.key';

/**
 * The key that seals stored OAuth credentials: `SPLICE_SECRET_KEY` (32 bytes, base64) when set, else a
 * random key kept in the data directory. The database alone (a copied file, a backup) then reveals no token.
 */
export function loadSecretKey(dataDir: string, fromEnv?: string): Buffer {
  if (fromEnv) {
    const key = Buffer.from(fromEnv, 'base64');
    if (key.length !== 32) throw new Error('SPLICE_SECRET_KEY must be 32 bytes, base64-encoded.');
    return key;
  }
  const file = path.join(dataDir, secretKeyFileName);
  try {
    const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length === 32) return key;
    throw new Error(`${file} does not hold a 32-byte base64 key.`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(32);
  fs.mkdirSync(dataDir, { recursive: true });
  // `wx`: if another process created the file meanwhile, fail rather than overwrite its key.
  fs.writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
  return key;
}

/** The OAuth flow's dependencies on one SQLite database. */
export function createOAuthDeps(db: Database, key: Buffer, now?: () => Date): OAuthDeps {
  return { store: new SqliteOAuthStore(db), secrets: new SecretBox(key), ...(now ? { now } : {}) };
}
