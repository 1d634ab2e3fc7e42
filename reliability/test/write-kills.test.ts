/**
 * Asynchronous writes that survive: the service is SIGKILLed again and again while the builder sends
 * writes and while its worker carries them out, and restarted on the same data directory. Afterwards every
 * record is in the emulated HubSpot and every operation ended in success: none lost.
 *
 * Four writes in five create contacts with an e-mail, which HubSpot keys them on: an attempt after a kill
 * upserts on it, so none is written twice. The fifth creates a contact without one (only a last name), which
 * no create can be keyed on: the one write in flight at a kill may reach HubSpot twice, and the duplicates
 * are counted (at most one per kill, as the worker carries out one write at a time). Each request carries an Idempotency-Key, so a
 * request cut off by a kill is sent again without being queued twice.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunningHubSpotEmulator } from '@splice/provider-emulators';
import { mulberry32 } from '@splice/sandbox-data';
import { afterAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../packages/service/test/webhook-receiver.js';
import { crmEnv, crmIntegration, grantTokens, startCrm } from '../src/emulated-hubspot.js';
import { figures } from '../src/figures.js';
import { sleep } from '../src/pool.js';
import { sizes } from '../src/size.js';

const fixture = fileURLToPath(new URL('../src/write-service-child.ts', import.meta.url));
const serviceDir = fileURLToPath(new URL('../../packages/service/', import.meta.url));
const headers = { 'content-type': 'application/json', 'x-api-key': 'splice-dev-api-key' };

const live = new Set<ChildProcess>();
const dirs: string[] = [];
let crm: RunningHubSpotEmulator | undefined;
afterAll(async () => {
  for (const child of live) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  await crm?.close();
});

interface Running {
  child: ChildProcess;
  url: string;
}

async function launch(dataDir: string, emulator: RunningHubSpotEmulator): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture, dataDir], {
    cwd: serviceDir,
    env: {
      ...process.env,
      ...crmEnv(emulator),
      RELIABILITY_CRM_TOKENS: JSON.stringify(grantTokens(emulator)),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  child.on('exit', () => live.delete(child));
  let output = '';
  child.stderr!.on('data', (chunk) => {
    output = (output + chunk).slice(-10_000);
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      const match = /READY (\S+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.on('exit', (code) =>
      reject(new Error(`the service exited (${code}) before it was ready:\n${output}`)),
    );
  });
  return { child, url };
}

async function kill(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/** Every live contact at the emulator: its e-mail and last name. */
async function listContacts(emulator: RunningHubSpotEmulator) {
  const token = emulator.issueTokens().accessToken;
  const values: Record<string, string | null>[] = [];
  let after: string | undefined;
  do {
    const query = `limit=100&properties=email,lastname${after ? `&after=${after}` : ''}`;
    const response = await fetch(`${emulator.url}/crm/v3/objects/contacts?${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const page = (await response.json()) as {
      results: { properties: Record<string, string | null> }[];
      paging?: { next?: { after: string } };
    };
    for (const record of page.results) values.push(record.properties);
    after = page.paging?.next?.after;
  } while (after);
  return values;
}

const countsOf = (values: (string | null | undefined)[]) => {
  const counts = new Map<string, number>();
  for (const value of values) if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
};

describe('asynchronous writes across SIGKILLs', () => {
  it(`writes every record when the service is SIGKILLed ${sizes.writeKills} times`, {
    timeout: sizes.writeKillWrites > 1_000 ? 30 * 60_000 : 180_000,
  }, async () => {
    const random = mulberry32(sizes.seed + 33);
    const writes = sizes.writeKillWrites;
    const runId = Math.random().toString(36).slice(2, 8);
    // A few milliseconds per HubSpot call, so that kills land in the middle of calls too.
    crm = await startCrm({ counts: { contacts: 10, companies: 10, deals: 10 }, faults: { latencyMs: 3 } });
    const dataDir = mkdtempSync(join(tmpdir(), 'splice-write-kills-'));
    dirs.push(dataDir);
    let running = await launch(dataDir, crm);
    const started = performance.now();

    const installed = await fetch(
      `${running.url}/v1/projects/demo/integrations/${crmIntegration}/installations`,
      {
        method: 'POST',
        headers,
        body: JSON.stringify({
          groupRef: 'acme',
          config: {
            content: {
              provider: 'hubspot',
              read: { objects: { contacts: { objectName: 'contacts', selectedFieldsAuto: 'all' } } },
              write: { objects: { contacts: { objectName: 'contacts' } } },
            },
          },
        }),
      },
    );
    expect(installed.status).toBe(201);

    const keyed = (i: number) => i % 5 !== 4;
    const emailOf = (i: number) => `w${i}.${runId}@kills.example`;
    const lastNameOf = (i: number) => `Kills-${runId}-${i}`;
    const operationIds: string[] = [];
    let resent = 0;
    let accepted = 0;

    /** Sends write `i` until the service accepts it, through kills (its key keeps it one write). */
    const send = async (i: number) => {
      const record = keyed(i) ? { email: emailOf(i) } : { lastname: lastNameOf(i) };
      for (;;) {
        try {
          const response = await fetch(
            `${running.url}/write/v1/projects/demo/integrations/${crmIntegration}/objects/contacts`,
            {
              method: 'POST',
              headers: { ...headers, 'idempotency-key': `kills-${runId}-${i}` },
              body: JSON.stringify({ groupRef: 'acme', type: 'create', mode: 'asynchronous', record }),
            },
          );
          const body = (await response.json()) as { operationId?: string };
          if (response.status === 200 && body.operationId) {
            operationIds[i] = body.operationId;
            accepted++;
            return;
          }
          if (response.status < 500)
            throw new Error(`write ${i} answered ${response.status}: ${JSON.stringify(body)}`);
        } catch (error) {
          if (error instanceof Error && error.message.startsWith(`write ${i} answered`)) throw error;
          // The process was killed under the request: send it again to the next one.
        }
        resent++;
        await sleep(100);
      }
    };

    let sending = true;
    const sender = (async () => {
      let next = 0;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (next < writes) await send(next++);
        }),
      );
      sending = false;
    })();

    let killsWhileSending = 0;
    // The kills are spread over the writes: the k-th once about k/(kills+1) of them were accepted, then a
    // random moment later, so they land while requests arrive and while the worker writes.
    for (let k = 0; k < sizes.writeKills; k++) {
      const due = Math.floor(((k + 1) * writes) / (sizes.writeKills + 1));
      while (sending && accepted < due) await sleep(20);
      await sleep(Math.floor(random() * 300));
      if (sending) killsWhileSending++;
      await kill(running.child);
      running = await launch(dataDir, crm);
    }
    await sender;

    const operationOf = async (id: string) => {
      const response = await fetch(`${running.url}/v1/projects/demo/operations/${id}`, { headers });
      return (await response.json()) as { status: string; metadata: { write: { attempts: number } } };
    };
    let pending = [...operationIds];
    const ended: { status: string; metadata: { write: { attempts: number } } }[] = [];
    await waitFor(
      async () => {
        const still: string[] = [];
        for (const id of pending) {
          const found = await operationOf(id);
          if (found.status === 'in_progress') still.push(id);
          else ended.push(found);
        }
        pending = still;
        return pending.length === 0;
      },
      writes > 1_000 ? 20 * 60_000 : 120_000,
      'every write to end',
    );

    const failures = ended.filter((found) => found.status !== 'success').length;
    const retaken = ended.filter((found) => found.metadata.write.attempts > 1).length;
    const contacts = await listContacts(crm);
    const emails = countsOf(contacts.map((contact) => contact.email));
    const names = countsOf(contacts.map((contact) => contact.lastname));
    let lost = 0;
    let keyedDuplicates = 0;
    let unkeyedDuplicates = 0;
    for (let i = 0; i < writes; i++) {
      const copies = keyed(i) ? (emails.get(emailOf(i)) ?? 0) : (names.get(lastNameOf(i)) ?? 0);
      if (copies === 0) lost++;
      if (keyed(i)) keyedDuplicates += Math.max(0, copies - 1);
      else unkeyedDuplicates += Math.max(0, copies - 1);
    }
    figures(
      'write-kills',
      `${writes} asynchronous writes, ${sizes.writeKills} SIGKILLs (${killsWhileSending} while sending), ${resent} requests sent again, ${retaken} writes taken again after a kill, ${failures} failed, ${lost} lost, ${keyedDuplicates} duplicates keyed on e-mail, ${unkeyedDuplicates} duplicates without an e-mail (the write in flight at a kill), ${Math.round(performance.now() - started)} ms`,
      {
        writes,
        kills: sizes.writeKills,
        resent,
        retaken,
        failures,
        lost,
        keyedDuplicates,
        unkeyedDuplicates,
      },
    );
    expect(failures).toBe(0);
    expect(lost).toBe(0);
    expect(keyedDuplicates).toBe(0);
    expect(unkeyedDuplicates).toBeLessThanOrEqual(sizes.writeKills);
    await kill(running.child);
  });
});
