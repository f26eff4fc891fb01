/**
 * The e2e harness (test/support/stack.ts): two stacks side by side, each on its own loopback
 * address with the same ports, every listener of a stack (firebase-tools' hub, logging, Eventarc
 * and Cloud Tasks included) on its address, and separate data (an account or a document created
 * in one is not in the other). Runs beside the `npm start` suite without meeting it.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { descendantsOf, isRunning } from '../../scripts/lib/processes.mjs';
import { createStudent, startTestStack, type TestStack } from '../support/stack.js';
import { PROJECT, portClosed, signIn } from './support.js';

let stacks: TestStack[] = [];

beforeAll(async () => {
  stacks = await Promise.all([startTestStack(), startTestStack()]);
}, 240_000);

afterAll(async () => {
  await Promise.all(stacks.map((s) => s.stop()));
});

/** Ports listening on `host` (from /proc/net/tcp: local address as little-endian hex). */
/** Ports listening on `host`, IPv4 sockets and IPv4-mapped IPv6 ones (Java binds those). */
function listeningPorts(host: string): number[] {
  const bytes = host.split('.').map((n) => Number(n).toString(16).padStart(2, '0'));
  const v4 = [...bytes].reverse().join('').toUpperCase();
  // ::ffff:a.b.c.d in /proc/net/tcp6: four 32-bit words, each in host (little-endian) order.
  const v6 = `0000000000000000FFFF0000${v4}`;
  const listening = (file: string, prefix: string) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((f) => f[3] === '0A' && f[1]?.startsWith(`${prefix}:`))
      .map((f) => parseInt(f[1]!.split(':')[1]!, 16));
  return [...listening('/proc/net/tcp', v4), ...listening('/proc/net/tcp6', v6)].sort(
    (a, b) => a - b,
  );
}

const doc = (s: TestStack, path: string) =>
  fetch(
    `http://${s.host}:${s.ports.firestore}/v1/projects/${PROJECT}/databases/(default)/documents/${path}`,
    { headers: { authorization: 'Bearer owner' } },
  );

describe('test stacks', () => {
  it('run on two different loopback addresses with the ports of firebase.json', async () => {
    const [a, b] = stacks as [TestStack, TestStack];
    expect(a.host).not.toBe(b.host);
    for (const s of stacks) {
      expect(s.url).toBe(`http://${s.host}:${s.ports.hosting}`);
      const health = await (await fetch(`${s.url}/api/health?deep=true`)).json();
      expect(health).toMatchObject({ status: 'ok', firestore: 'ok' });
      const ports = listeningPorts(s.host);
      // Every emulator, plus firebase-tools' hub (4400) on the stack's address, not 127.0.0.1.
      for (const p of [...Object.values(s.ports), 4400]) expect(ports, s.host).toContain(p);
    }
  }, 120_000);

  it('keep their data apart (Auth accounts and Firestore documents)', async () => {
    const [a, b] = stacks as [TestStack, TestStack];
    const email = `stacks-${Date.now()}@example.com`;
    const { uid } = await createStudent(a, { email, password: 'secret123', username: 'Only A' });
    expect((await signIn(`${a.host}:${a.ports.auth}`, email, 'secret123')).localId).toBe(uid);
    await expect(signIn(`${b.host}:${b.ports.auth}`, email, 'secret123')).rejects.toThrow(
      /EMAIL_NOT_FOUND|INVALID_LOGIN_CREDENTIALS/,
    );
    const inA = await doc(a, `users/${uid}`);
    expect(inA.status).toBe(200);
    expect(JSON.stringify(await inA.json())).toContain('Only A');
    expect((await doc(b, `users/${uid}`)).status).toBe(404);
    // Both seeded with the same demo data.
    for (const s of stacks) expect((await doc(s, 'notes/demo-note-01')).status).toBe(200);
  });

  it('stop by themselves when an emulator dies, saying which, and leave no process', async () => {
    const b = stacks[1]!;
    // The stack's processes, found from what this process started: the two started with the
    // stack's generated config (our Storage emulator, firebase-tools) and all below them.
    const leaders = [...descendantsOf([process.pid]).values()].filter((p) =>
      p.cmdline.includes(`.firebase.${b.host}.json`),
    );
    expect(leaders).toHaveLength(2);
    const all = [...leaders, ...descendantsOf(leaders.map((p) => p.pid)).values()].map((p) => ({
      ...p,
      tag: '',
    }));
    // Google's Firestore emulator, firebase-tools' child: firebase-tools only warns when it dies.
    const java = all.find((p) => /cloud-firestore-emulator/.test(p.cmdline));
    expect(java).toBeDefined();
    process.kill(java!.pid, 'SIGKILL');
    expect(await b.exited).toMatchObject({ tag: 'firestore' });
    expect(b.logs.join('\n')).toMatch(
      new RegExp(
        `firestore \\(Google's Cloud Firestore emulator, java, pid ${java!.pid}\\) exited unexpectedly`,
      ),
    );
    await expect
      .poll(() => all.filter(isRunning).map((p) => p.cmdline.slice(0, 80)), { timeout: 60_000 })
      .toEqual([]);
    expect(listeningPorts(b.host)).toEqual([]);
  }, 120_000);

  it('stop, freeing their ports', async () => {
    await Promise.all(stacks.map((s) => s.stop()));
    for (const s of stacks) {
      for (const p of Object.values(s.ports)) expect(await portClosed(p, s.host)).toBe(true);
      expect(listeningPorts(s.host)).toEqual([]);
    }
  }, 120_000);
});
