import { describe, expect, it } from 'vitest';
import { RpcError } from './errors.js';
import type { WriteResponse } from './types.js';
import { WriteStream } from './write-stream.js';

function sink() {
  const sent: WriteResponse[] = [];
  const errors: RpcError[] = [];
  return {
    sent,
    errors,
    sink: {
      send: (m: WriteResponse) => sent.push(m),
      error: (e: RpcError) => errors.push(e),
      end: () => {},
    },
  };
}

describe('WriteStream', () => {
  it('handshake, then one commit per request with fresh tokens', () => {
    const calls: [string, number][] = [];
    const s = sink();
    const w = new WriteStream((db, writes) => {
      calls.push([db, writes.length]);
      return { writeResults: writes.map(() => ({ updateTime: 'T' })), commitTime: 'T' };
    }, s.sink);
    w.write({ database: 'projects/p/databases/(default)' });
    w.write({ streamToken: s.sent[0].streamToken, writes: [{ delete: 'x' }, { delete: 'y' }] });
    expect(s.sent[0].streamId).toMatch(/^[0-9a-f]{16}$/);
    expect(s.sent[0].writeResults).toBeUndefined();
    expect(s.sent[1]).toEqual({
      streamToken: expect.any(String),
      commitTime: 'T',
      writeResults: [{ updateTime: 'T' }, { updateTime: 'T' }],
    });
    expect(s.sent[1].streamToken).not.toBe(s.sent[0].streamToken);
    expect(calls).toEqual([['projects/p/databases/(default)', 2]]);
  });

  it('a failed commit errors the stream and later messages are ignored', () => {
    const s = sink();
    const w = new WriteStream(() => {
      throw new RpcError(5, 'No document to update: x');
    }, s.sink);
    w.write({ database: 'projects/p/databases/(default)' });
    w.write({ writes: [{ delete: 'x' }] });
    w.write({ writes: [{ delete: 'x' }] });
    expect(s.errors.map((e) => [e.code, e.status, e.message])).toEqual([
      [5, 'NOT_FOUND', 'No document to update: x'],
    ]);
    expect(s.sent).toHaveLength(1);
  });

  it('requires the database in the handshake', () => {
    const s = sink();
    new WriteStream(() => ({ writeResults: [], commitTime: '' }), s.sink).write({});
    expect(s.errors[0].code).toBe(3);
  });
});
