import { execFileSync, spawnSync } from 'node:child_process';
import { userInfo } from 'node:os';

/** Who the server runs as: PostgreSQL refuses to run as root. */
export interface ServerUser {
  name: string;
  uid: number;
  gid: number;
}

const serverUserName = 'postgres';

function idOf(flag: '-u' | '-g', name: string): number | undefined {
  const result = spawnSync('id', [flag, name], { encoding: 'utf8' });
  if (result.status !== 0) return undefined;
  const id = Number(result.stdout.trim());
  return Number.isInteger(id) ? id : undefined;
}

/**
 * Undefined when this process is not root: the server then runs as the current user. As root, the server
 * runs as a `postgres` system user, created here when the machine has none (as containers and CI images
 * often do not).
 */
export function serverUser(): ServerUser | undefined {
  if (userInfo().uid !== 0) return undefined;
  let uid = idOf('-u', serverUserName);
  if (uid === undefined) {
    try {
      execFileSync('useradd', ['--system', '--user-group', '--no-create-home', serverUserName], {
        stdio: 'pipe',
      });
    } catch (error) {
      throw new Error(
        `startPostgres: running as root, PostgreSQL needs a '${serverUserName}' user to run as, and ` +
          `'useradd ${serverUserName}' failed (${String(error)}). Create one (useradd --system ` +
          `--user-group ${serverUserName}) or run the tests as a user other than root.`,
      );
    }
    uid = idOf('-u', serverUserName);
  }
  const gid = idOf('-g', serverUserName);
  if (uid === undefined || gid === undefined) {
    throw new Error(`startPostgres: could not read the uid and gid of the '${serverUserName}' user.`);
  }
  return { name: serverUserName, uid, gid };
}
