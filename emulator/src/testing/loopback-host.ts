/**
 * Whether a host is this machine's loopback, the only network tests may use: apart from the
 * guard that installs itself on import (loopback-only.ts), so the test stacks' own checks
 * (test/support/stack.ts) can ask too.
 */
import net from 'node:net';

export function isLoopbackHost(host: string | undefined): boolean {
  if (host === undefined || host === '' || host === 'localhost') return true;
  if (net.isIPv4(host)) return host.startsWith('127.');
  const h = host.replace(/^\[|\]$/g, '');
  return h === '::1' || h.startsWith('::ffff:127.');
}
