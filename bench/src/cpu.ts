import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's utime and stime (USER_HZ: 100 on every Linux the bench runs on). */
const ticksPerS = 100;

/** CPU time (user + system) a process has used so far, in ms, from /proc/<pid>/stat (Linux). */
export function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) is in parentheses and may hold spaces: count fields after its end.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return ((utime + stime) * 1000) / ticksPerS;
}

/** CPU time of this process so far, in ms (user + system). */
export function ownCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
