/**
 * The browser drivers really exercise both WebChannel modes: the streaming page keeps streaming
 * backchannels (the SDK's auto-detection falls back to long-polling when a server buffers), and
 * the forced long-polling page only long-polls. Both then carry a listener and writes.
 */
import { describe, expect, it } from 'vitest';
import { useFixture } from './support/fixture.js';
import { uniq } from './support/context.js';
import type { WebDriver } from './support/driver.js';

const fx = useFixture();

describe.each([
  ['web-browser', 'streaming'],
  ['web-browser-longpoll', 'longPolling'],
] as const)('%s', (kind, mode) => {
  it(`uses ${mode} backchannels only`, async () => {
    const d = (await fx.driver(kind)) as WebDriver;
    const path = `${uniq('bt')}/doc`;
    const l = await d.listen({ doc: path });
    expect((await l.next()).kind).toBe('doc');
    for (let i = 0; i < 3; i++) {
      await d.set(path, { i });
      const e = await l.until((x) => x.kind === 'doc' && x.snap.data?.i === i);
      expect(e.event.kind).toBe('doc');
    }
    await l.stop();
    const other = mode === 'streaming' ? 'longPolling' : 'streaming';
    expect(d.backchannels![mode]).toBeGreaterThan(0);
    expect(d.backchannels![other]).toBe(0);
  });
});
