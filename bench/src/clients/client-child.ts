/**
 * The bench's timing clients in a process of their own: the open-loop generator and the sequential search
 * client. The bench process holds much more (Vite, Playwright and esbuild's sources, every earlier
 * result); with so much live heap, V8 can fall into a full collection every 150-200 ms as soon as the
 * client allocates answers, and each of those pauses lands in a measured request. Here the heap holds the
 * client and nothing else. Started by clients/client-process.ts; one job at a time over IPC.
 */
import type { ClientJob } from './jobs.js';
import { runClientJob } from './jobs.js';

process.on('message', (message: { type: 'job'; job: ClientJob }) => {
  if (message?.type !== 'job') return;
  const cpuBefore = process.cpuUsage();
  runClientJob(message.job).then(
    (result) => {
      const cpu = process.cpuUsage(cpuBefore);
      process.send?.({ type: 'result', result, cpuMs: (cpu.user + cpu.system) / 1000 });
    },
    (error: unknown) => {
      process.send?.({ type: 'result', error: error instanceof Error ? error.message : String(error) });
    },
  );
});
process.once('disconnect', () => process.exit(0));
process.send?.({ type: 'ready', url: '' });
