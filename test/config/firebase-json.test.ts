/**
 * firebase.json against the schema firebase-tools ships (schema/firebase-config.json): a key
 * misspelt, a runtime Cloud Functions does not offer (nodejs20 was retired) or a header in the
 * wrong shape would otherwise surface only when `firebase deploy` refuses it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const schema = JSON.parse(
  readFileSync(require.resolve('firebase-tools/schema/firebase-config.json'), 'utf8'),
) as object;
const config = JSON.parse(
  readFileSync(new URL('../../firebase.json', import.meta.url), 'utf8'),
) as { functions: { runtime: string }[] };

function problems(value: unknown): string[] {
  const ajv = new Ajv({ allErrors: true });
  return ajv.validate(schema, value)
    ? []
    : (ajv.errors ?? []).map((e) => `${e.dataPath} ${e.message}`);
}

describe('firebase.json', () => {
  it('is valid against the schema firebase-tools ships', () => {
    expect(problems(config)).toEqual([]);
  });

  it('deploys functions on a runtime Cloud Functions offers (nodejs22), and the check can fail', () => {
    expect(config.functions.map((f) => f.runtime)).toEqual(['nodejs22']);
    const retired = structuredClone(config);
    retired.functions[0]!.runtime = 'nodejs16';
    expect(problems(retired)).not.toEqual([]);
    expect(problems({ ...config, hostng: {} })).not.toEqual([]);
  });
});
