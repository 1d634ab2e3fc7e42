import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface LocalPrebuild {
  /** The variable that points better-sqlite3's `prebuild-install` at the folder, and the folder. */
  env: Record<string, string>;
  /** The version the prebuild is for: an install that resolves another version compiles as before. */
  version: string;
  /** The addon inside the archive, as `prebuild-install` unpacks it into the installed package. */
  addonBytes: Buffer;
}

/**
 * better-sqlite3's install script is `prebuild-install || node-gyp rebuild`: it first looks for a
 * prebuilt addon, in a folder named by `npm_config_better_sqlite3_local_prebuilds` and then on GitHub, and
 * compiles only when it finds none. The workspace's own better-sqlite3 was compiled for this very Node on
 * this machine by `pnpm install`, so an archive of it, named as prebuild-install names its downloads,
 * lets `npm install` unpack that addon instead of compiling SQLite again (minutes on two cores). Every
 * other step of the install is npm's own; a release of another version than the workspace's finds no
 * archive of its name and compiles.
 */
export async function workspacePrebuild(workspacePackage: string, folder: string): Promise<LocalPrebuild> {
  const require = createRequire(join(workspacePackage, 'package.json'));
  const packageDir = dirname(require.resolve('better-sqlite3/package.json'));
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  const addon = 'build/Release/better_sqlite3.node';
  if (!existsSync(join(packageDir, addon))) {
    throw new Error(`the workspace's better-sqlite3 has no compiled addon at ${join(packageDir, addon)}`);
  }
  // prebuild-install's archive name: {name}-v{version}-{runtime}-v{abi}-{platform}{libc}-{arch}.tar.gz
  // (libc is empty on glibc Linux, the only kind this suite runs on).
  const archive = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  mkdirSync(folder, { recursive: true });
  await run('tar', ['-czf', join(folder, archive), '-C', packageDir, addon]);
  return {
    env: { npm_config_better_sqlite3_local_prebuilds: folder },
    version,
    addonBytes: readFileSync(join(packageDir, addon)),
  };
}
