/**
 * The test stacks' guard against functions that reach beyond loopback (stack.ts,
 * outsideRequestWatcher), fed the Functions emulator's own lines.
 */
import { describe, expect, it } from 'vitest';
import { outsideRequestWatcher } from './stack.js';

const WARNING = '⚠  External network resource requested!';

describe('outsideRequestWatcher', () => {
  it('records a non-loopback URL the emulator warned about, and ignores loopback ones', () => {
    const w = outsideRequestWatcher();
    for (const line of [
      WARNING,
      '   - URL: "http://127.95.26.251:9199/b/demo-notenest.appspot.com/o/notes%2Fa.pdf?"',
      ' - Be careful, this may be a production service.',
      WARNING,
      '   - URL: "http://169.254.169.254/computeMetadata/v1/instance/service-accounts/default/email"',
      WARNING,
      '   - URL: "http://localhost:8080/v1/projects"',
      WARNING,
      '   - URL: "http://[::1]:9099/x"',
    ])
      w.line(line);
    expect(w.outside).toEqual([
      'http://169.254.169.254/computeMetadata/v1/instance/service-accounts/default/email',
    ]);
  });

  it('reads a URL only on the line right after the warning', () => {
    const w = outsideRequestWatcher();
    w.line('   - URL: "https://example.com/not-after-a-warning"');
    w.line(WARNING);
    w.line('i  functions: Beginning execution of "us-central1-api"');
    w.line('   - URL: "https://example.com/two-lines-later"');
    expect(w.outside).toEqual([]);
    w.line(WARNING);
    w.line('   - URL: "https://example.com/right-after"');
    expect(w.outside).toEqual(['https://example.com/right-after']);
  });

  it('reports a URL it cannot parse rather than failing on it', () => {
    const w = outsideRequestWatcher();
    w.line(WARNING);
    w.line('   - URL: "not a url"');
    expect(w.outside).toEqual(['not a url']);
  });
});
