import { describe, expect, it } from 'vitest';
import type { StoredDoc } from './store.js';
import { formatMicros } from './timestamps.js';
import type { Fields, Value, Write } from './types.js';
import { planBatch, planWrite } from './writes.js';

const ROOT = 'projects/p/databases/(default)/documents';
const NAME = `${ROOT}/c/d`;
const int = (n: number): Value => ({ integerValue: String(n) });
const map = (fields: Fields): Value => ({ mapValue: { fields } });
const T0 = 1_700_000_000_000_000_000n;
const T1 = T0 + 5_000n;

function stored(fields: Fields, t = T0): StoredDoc {
  return {
    json: { name: NAME, fields, createTime: formatMicros(t), updateTime: formatMicros(t) },
    createNs: t,
    updateNs: t,
  };
}

describe('planWrite', () => {
  it('set replaces; create keeps createTime on update', () => {
    const p = planWrite(
      { update: { name: NAME, fields: { a: int(1) } } },
      stored({ b: int(2) }),
      T1,
    );
    expect(p.kind).toBe('update');
    expect(p.after!.json).toEqual({
      name: NAME,
      fields: { a: int(1) },
      createTime: formatMicros(T0),
      updateTime: formatMicros(T1),
    });
    expect(p.result).toEqual({ updateTime: formatMicros(T1) });
    const c = planWrite({ update: { name: NAME, fields: {} } }, null, T1);
    expect(c.kind).toBe('create');
    expect(c.after!.json.createTime).toBe(formatMicros(T1));
  });

  it('merges with an update mask; mask paths missing in fields are deleted', () => {
    const cur = stored({ a: int(1), b: map({ c: int(2), e: int(5) }), gone: int(0) });
    const p = planWrite(
      {
        update: { name: NAME, fields: { b: map({ d: int(3) }), x: int(9), ignored: int(1) } },
        updateMask: { fieldPaths: ['b.d', 'x', 'gone', 'b.nothere'] },
      },
      cur,
      T1,
    );
    expect(p.after!.json.fields).toEqual({
      a: int(1),
      b: map({ c: int(2), e: int(5), d: int(3) }),
      x: int(9),
    });
    // a backticked mask path addresses a field whose name contains a dot
    const q = planWrite(
      { update: { name: NAME, fields: { 'a.b': int(2) } }, updateMask: { fieldPaths: ['`a.b`'] } },
      stored({ 'a.b': int(1), k: int(0) }),
      T1,
    );
    expect(q.after!.json.fields).toEqual({ 'a.b': int(2), k: int(0) });
  });

  it('checks preconditions with the backend wording', () => {
    expect(() =>
      planWrite(
        { update: { name: NAME, fields: {} }, currentDocument: { exists: true } },
        null,
        T1,
      ),
    ).toThrow(expect.objectContaining({ code: 5, message: `No document to update: ${NAME}` }));
    expect(() =>
      planWrite(
        { update: { name: NAME, fields: {} }, currentDocument: { exists: false } },
        stored({}),
        T1,
      ),
    ).toThrow(expect.objectContaining({ code: 6, message: `Document already exists: ${NAME}` }));
    const cur = stored({});
    // Same instant with nanosecond digits: compared numerically, not as strings.
    expect(
      planWrite(
        { delete: NAME, currentDocument: { updateTime: formatMicros(T0).replace('Z', '000Z') } },
        cur,
        T1,
      ).after,
    ).toBeNull();
    expect(() =>
      planWrite({ delete: NAME, currentDocument: { updateTime: formatMicros(T1) } }, cur, T1),
    ).toThrow(expect.objectContaining({ code: 9 }));
  });

  it('a write that changes nothing keeps the previous updateTime', () => {
    const cur = stored({ a: int(1) });
    const p = planWrite({ update: { name: NAME, fields: { a: int(1) } } }, cur, T1);
    expect(p.after).toBe(cur);
    expect(p.result.updateTime).toBe(formatMicros(T0));
    // 1.0 is not the same stored value as 1
    expect(
      planWrite({ update: { name: NAME, fields: { a: { doubleValue: 1 } } } }, cur, T1).after,
    ).not.toBe(cur);
  });

  it('applies updateTransforms after the update and reports results', () => {
    const p = planWrite(
      {
        update: { name: NAME, fields: {} },
        updateMask: { fieldPaths: [] },
        updateTransforms: [
          { fieldPath: 'n', increment: int(2) },
          { fieldPath: 't', setToServerValue: 'REQUEST_TIME' },
        ],
        currentDocument: { exists: true },
      },
      stored({ n: int(1) }),
      T1,
    );
    expect(p.after!.json.fields).toEqual({ n: int(3), t: { timestampValue: formatMicros(T1) } });
    expect(p.result.transformResults).toEqual([int(3), { timestampValue: formatMicros(T1) }]);
    const legacy = planWrite(
      { transform: { document: NAME, fieldTransforms: [{ fieldPath: 'n', increment: int(1) }] } },
      null,
      T1,
    );
    expect(legacy.after!.json.fields).toEqual({ n: int(1) });
  });

  it('validates names, reserved fields and document size', () => {
    expect(() => planWrite({ update: { name: `${ROOT}/c`, fields: {} } }, null, T1)).toThrow(
      /lacks a document id/,
    );
    expect(() => planWrite({ update: { name: `${ROOT}/c/__x__`, fields: {} } }, null, T1)).toThrow(
      /reserved/,
    );
    expect(() =>
      planWrite({ update: { name: NAME, fields: { __k__: int(1) } } }, null, T1),
    ).toThrow(/reserved/);
    expect(() =>
      planWrite({ update: { name: NAME, fields: {} }, delete: NAME } as Write, null, T1),
    ).toThrow(/exactly one/);
    const big = 'x'.repeat(1_048_576);
    expect(() =>
      planWrite({ update: { name: NAME, fields: { s: { stringValue: big } } } }, null, T1),
    ).toThrow(
      expect.objectContaining({
        code: 3,
        message: expect.stringMatching(/exceeds the maximum allowed size of 1,048,576 bytes/),
      }),
    );
    const fits = 'x'.repeat(1_048_576 - 200);
    expect(
      planWrite({ update: { name: NAME, fields: { s: { stringValue: fits } } } }, null, T1).after,
    ).not.toBeNull();
  });
});

describe('planBatch', () => {
  it('later writes see earlier ones; limit is 500', () => {
    const { planned, overlay } = planBatch(
      [
        { update: { name: NAME, fields: { v: int(1) } } },
        {
          update: { name: NAME, fields: { w: int(2) } },
          updateMask: { fieldPaths: ['w'] },
          currentDocument: { exists: true },
        },
      ],
      () => null,
      T1,
    );
    expect(planned.map((p) => p.kind)).toEqual(['create', 'update']);
    expect(overlay.get(NAME)!.json.fields).toEqual({ v: int(1), w: int(2) });
    const many = Array.from({ length: 501 }, () => ({ delete: NAME }));
    expect(() => planBatch(many, () => null, T1)).toThrow(expect.objectContaining({ code: 3 }));
  });
});

describe('verify writes', () => {
  it('check the precondition and change nothing', () => {
    const cur = stored({ a: int(1) });
    const ok = planWrite(
      { verify: NAME, currentDocument: { updateTime: formatMicros(T0) } },
      cur,
      T1,
    );
    expect([ok.kind, ok.after, ok.result]).toEqual(['verify', cur, {}]);
    expect(() => planWrite({ verify: NAME, currentDocument: { exists: true } }, null, T1)).toThrow(
      expect.objectContaining({ code: 5 }),
    );
    expect(() =>
      planWrite({ verify: NAME, currentDocument: { updateTime: formatMicros(T1) } }, cur, T1),
    ).toThrow(expect.objectContaining({ code: 9 }));
  });
});
