/**
 * Vitest setup file: tests may only talk to loopback. Client libraries quietly reach for the
 * network (google-auth-library probes the GCE metadata server before every gRPC stub), and a test
 * that depends on that is a test that passes here and hangs elsewhere. Every outgoing TCP
 * connection to a non-loopback host is refused before it leaves the process and recorded, and
 * the file fails when anything was attempted.
 */
import net from 'node:net';
import { afterAll, expect } from 'vitest';
import { isLoopbackHost } from './loopback-host.js';

// gcp-metadata honours this: "none" means "not on GCE", decided without a probe.
process.env['METADATA_SERVER_DETECTION'] ??= 'none';

const attempts: string[] = [];

/** Host of a Socket#connect call in any of its shapes (options, port+host, normalized array). */
function targetHost(args: unknown[]): string | undefined {
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  if (first && typeof first === 'object') {
    // Node connects to a pipe exactly when `path` is truthy (http passes `path: null`).
    const o = first as { host?: string; hostname?: string; path?: string | null };
    return o.path ? undefined : (o.host ?? o.hostname ?? 'localhost');
  }
  if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    return typeof args[1] === 'string' ? args[1] : 'localhost';
  }
  return undefined; // a unix socket path
}

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
  const host = targetHost(args);
  if (!isLoopbackHost(host)) {
    attempts.push(String(host));
    process.nextTick(() => this.destroy(new Error(`tests may not leave loopback (${host})`)));
    return this;
  }
  return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
} as typeof net.Socket.prototype.connect;

afterAll(() => {
  expect(attempts, 'connections attempted beyond loopback').toEqual([]);
});
