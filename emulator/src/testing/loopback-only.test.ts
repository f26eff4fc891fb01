import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from './loopback-host.js';

describe('loopback-only test guard', () => {
  it('tells loopback hosts from the rest', () => {
    for (const h of ['127.0.0.1', '127.5.0.1', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1']) {
      expect(isLoopbackHost(h), h).toBe(true);
    }
    for (const h of ['169.254.169.254', 'metadata.google.internal', '10.0.0.1', '::2']) {
      expect(isLoopbackHost(h), h).toBe(false);
    }
  });

  it('lets a loopback connection through', async () => {
    const server = net.createServer((s) => s.end('hi'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as net.AddressInfo).port;
    const text = await new Promise<string>((resolve, reject) => {
      const s = net.connect(port, '127.0.0.1');
      let out = '';
      s.on('data', (d) => (out += d))
        .on('end', () => resolve(out))
        .on('error', reject);
    });
    server.close();
    expect(text).toBe('hi');
  });
});
