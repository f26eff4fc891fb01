// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { embeddedData } from './embedded-data';

afterEach(() => document.body.replaceChildren());

function embed(id: string, text: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = id;
  script.textContent = text;
  document.body.append(script);
}

describe('embeddedData', () => {
  it("reads the element's JSON once, and nothing once forgotten", () => {
    embed('nn-a', '{"id":"n1"}');
    const data = embeddedData<{ id: string }>('nn-a');
    expect(data.read()).toEqual({ id: 'n1' });
    // Parsed once: a later change of the element is not read.
    document.getElementById('nn-a')!.textContent = '{"id":"n2"}';
    expect(data.read()).toEqual({ id: 'n1' });
    data.forget();
    expect(data.read()).toBeNull();
  });

  it('is null without the element, and for JSON it cannot parse', () => {
    expect(embeddedData('nn-none').read()).toBeNull();
    embed('nn-bad', '{"id":');
    expect(embeddedData('nn-bad').read()).toBeNull();
  });
});
