import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frame, parseForwardBody, parseFrames, parseHeaderBlock } from './webchannel.js';
import { startFirestoreTransport, type FirestoreTransport } from './index.js';
import { createFirestoreEngine } from '../server.js';
import type { FirestoreEngine } from '../firestore/engine.js';

describe('framing helpers', () => {
  it('counts UTF-16 code units, not bytes', () => {
    const json = JSON.stringify([[1, [{ s: 'é😀' }]]]);
    const f = frame(json);
    expect(f.startsWith(`${json.length}\n`)).toBe(true);
    expect(json.length).not.toBe(Buffer.byteLength(json));
    expect(parseFrames(f + frame('[2]'))).toEqual([[[1, [{ s: 'é😀' }]]], [2]]);
  });
  it('parses header blocks and forward bodies', () => {
    expect(
      parseHeaderBlock('Authorization:Bearer owner\r\nX-Goog-Api-Client:gl-js/ fire/12\r\n'),
    ).toEqual({
      authorization: 'Bearer owner',
      'x-goog-api-client': 'gl-js/ fire/12',
    });
    const body = new URLSearchParams({
      count: '2',
      ofs: '5',
      req0___data__: '{"a":1}',
      req1___data__: '{"b":2}',
    });
    expect(parseForwardBody(body.toString())).toMatchObject({
      ofs: 5,
      messages: ['{"a":1}', '{"b":2}'],
    });
  });
});

const DB = 'projects/demo-wc/databases/(default)';
const DOC = `${DB}/documents/rooms/a`;
const ADMIN = { admin: true, auth: null };
// Reads are refused to everyone and writes allowed to alice only, so a served target proves an
// admin context and a committed write proves alice's token reached the engine.
const RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{db}/documents {
    match /{doc=**} { allow read: if false; }
    match /rooms/{id} {
      allow write: if request.auth != null && request.auth.uid == 'alice' && request.auth.token.email == 'a@x';
    }
  }
}`;

function setN(n: number) {
  return {
    database: DB,
    writes: [{ update: { name: DOC, fields: { n: { integerValue: String(n) } } } }],
  };
}

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** Raw HTTP/1.1 request (no fetch: we need to read partial chunks of hanging responses). */
function request(
  port: number,
  method: string,
  path: string,
  body?: string,
  onChunk?: (soFar: string, req: http.ClientRequest) => void,
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: { Origin: 'http://localhost:5173', 'Content-Type': 'text/plain' },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => {
          text += d;
          onChunk?.(text, req);
        });
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }));
        res.on('error', () => resolve({ status: res.statusCode!, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function forwardBody(ofs: number, msgs: object[], extra: Record<string, string> = {}): string {
  const p = new URLSearchParams({ ...extra, count: String(msgs.length), ofs: String(ofs) });
  msgs.forEach((m, i) => p.set(`req${i}___data__`, JSON.stringify(m)));
  return p.toString();
}

/** Every message of every frame, as [arrayId, payload]. */
function arrays(text: string): [number, unknown[]][] {
  return (parseFrames(text) as [number, unknown[]][][]).flat();
}

describe('WebChannel sessions', () => {
  let engine: FirestoreEngine;
  let server: FirestoreTransport;
  const base =
    '/google.firestore.v1.Firestore/Listen/channel?VER=8&database=' + encodeURIComponent(DB);

  beforeAll(async () => {
    engine = createFirestoreEngine();
    engine.setRules('demo-wc', [{ content: RULES }]);
    await engine.commit(ADMIN, setN(1));
    server = await startFirestoreTransport(engine, {
      port: 0,
      webchannel: { noopIntervalMs: 200, longPollHoldMs: 300 },
    });
  });
  afterAll(() => server.close());

  async function handshake(msgs: object[], headers = 'Authorization:Bearer owner\r\n') {
    const r = await request(
      server.port,
      'POST',
      `${base}&RID=1000&CVER=22&X-HTTP-Session-Id=gsessionid&zx=a&t=1`,
      forwardBody(0, msgs, { headers }),
    );
    expect(r.status).toBe(200);
    const [[id, c]] = arrays(r.text) as [
      [number, [string, string, string, number, number, number]],
    ];
    expect(id).toBe(0);
    expect(c[0]).toBe('c');
    expect(c.slice(2, 4)).toEqual(['', 8]);
    expect(r.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(r.headers['access-control-allow-credentials']).toBe('true');
    return c[1];
  }

  it('handshake, long-poll backchannel, forward channel acks with ofs de-duplication', async () => {
    const sid = await handshake([
      { database: DB, addTarget: { targetId: 2, documents: { documents: [DOC] } } },
    ]);

    // Long-poll: everything pending, then the response ends.
    const lp = await request(
      server.port,
      'GET',
      `${base}&RID=rpc&SID=${sid}&AID=0&CI=1&TYPE=xmlhttp&zx=b&t=1`,
    );
    const got = arrays(lp.text);
    expect(got.map(([id]) => id)).toEqual([1, 2, 3, 4]);
    expect(got[0]![1]).toEqual([{ targetChange: { targetChangeType: 'ADD', targetIds: [2] } }]);
    expect(
      (got[1]![1][0] as { documentChange: { document: { name: string } } }).documentChange.document
        .name,
    ).toBe(DOC);
    expect(lp.headers['access-control-allow-credentials']).toBe('true');
    // The handshake's `Authorization: Bearer owner` made it an admin stream: the deny-all read
    // rule did not apply. Without it the same target is refused.
    const other = await handshake(
      [{ database: DB, addTarget: { targetId: 2, documents: { documents: [DOC] } } }],
      '',
    );
    const refused = await request(
      server.port,
      'GET',
      `${base}&RID=rpc&SID=${other}&AID=0&CI=1&TYPE=xmlhttp&zx=b2&t=1`,
    );
    expect(arrays(refused.text)[0]).toEqual([
      1,
      [
        {
          targetChange: {
            targetChangeType: 'REMOVE',
            targetIds: [2],
            cause: { code: 7, message: expect.any(String) },
          },
        },
      ],
    ]);

    // Forward channel: ack reply is framed [1, lastArrayId, 0]; a retried POST (same ofs) is dropped.
    const post = (ofs: number) =>
      request(
        server.port,
        'POST',
        `${base}&SID=${sid}&RID=1001&AID=4&zx=c&t=1`,
        forwardBody(ofs, [{ removeTarget: 2 }]),
      );
    const f1 = await post(1);
    expect(parseFrames(f1.text)).toEqual([[1, 5, 0]]);
    const f2 = await post(1);
    expect(parseFrames(f2.text)).toEqual([[1, 5, 0]]);

    // Only one REMOVE arrives; an empty long-poll is answered with a noop after the hold time.
    const lp2 = await request(
      server.port,
      'GET',
      `${base}&RID=rpc&SID=${sid}&AID=4&CI=1&TYPE=xmlhttp&zx=d&t=1`,
    );
    expect(arrays(lp2.text)).toEqual([
      [5, [{ targetChange: { targetChangeType: 'REMOVE', targetIds: [2] } }]],
    ]);
    const t0 = Date.now();
    const lp3 = await request(
      server.port,
      'GET',
      `${base}&RID=rpc&SID=${sid}&AID=5&CI=1&TYPE=xmlhttp&zx=e&t=1`,
    );
    expect(arrays(lp3.text)).toEqual([[6, ['noop']]]);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(250);
  });

  it('streaming backchannel writes at once, resends unacknowledged arrays, sends noops', async () => {
    const sid = await handshake([
      { database: DB, addTarget: { targetId: 4, documents: { documents: [DOC] } } },
    ]);
    // First streaming backchannel: read the first chunk, then drop the connection.
    await request(
      server.port,
      'GET',
      `${base}&RID=rpc&SID=${sid}&AID=0&CI=0&TYPE=xmlhttp&zx=f&t=1`,
      undefined,
      (soFar, req) => {
        if (arrays(soFar).length >= 4) req.destroy();
      },
    ).catch(() => undefined);
    // Client claims it only saw array 2: 3 and 4 come again, then noops keep it alive.
    let seen: [number, unknown[]][] = [];
    await request(
      server.port,
      'GET',
      `${base}&RID=rpc&SID=${sid}&AID=2&CI=0&TYPE=xmlhttp&zx=g&t=1`,
      undefined,
      (soFar, req) => {
        seen = arrays(soFar);
        if (seen.length >= 3) req.destroy();
      },
    ).catch(() => undefined);
    expect(seen.map(([id]) => id)).toEqual([3, 4, 5]);
    expect(seen[2]![1]).toEqual(['noop']);

    // Live change pushed on an open streaming backchannel.
    let live: [number, unknown[]][] = [];
    const pending = request(
      server.port,
      'GET',
      `${base}&RID=rpc&SID=${sid}&AID=5&CI=0&TYPE=xmlhttp&zx=h&t=1`,
      undefined,
      (soFar, req) => {
        live = arrays(soFar);
        if (live.some(([, m]) => (m[0] as { documentChange?: unknown }).documentChange))
          req.destroy();
      },
    ).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 50));
    await engine.commit(ADMIN, setN(2));
    await pending;
    expect(live.some(([, m]) => JSON.stringify(m).includes('"integerValue":"2"'))).toBe(true);
  });

  it('terminate closes the session; unknown SIDs get 400 "Unknown SID" with CORS', async () => {
    const sid = await handshake([{ database: DB }]);
    const t = await request(server.port, 'POST', `${base}&SID=${sid}&TYPE=terminate&zx=i&t=1`, '');
    expect(t.status).toBe(200);
    expect(t.headers['access-control-allow-credentials']).toBe('true');
    const r = await request(
      server.port,
      'GET',
      `${base}&RID=rpc&SID=${sid}&AID=0&CI=1&TYPE=xmlhttp&zx=j&t=1`,
    );
    expect(r.status).toBe(400);
    expect(r.text.indexOf('Unknown SID')).toBeGreaterThan(0);
    expect(r.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    const f = await request(
      server.port,
      'POST',
      `${base}&SID=nope&RID=5&AID=0`,
      forwardBody(0, [{}]),
    );
    expect(f.status).toBe(400);
  });

  it('Write channel: handshake token from headers, errors as messages', async () => {
    const wbase = base.replace('/Listen/', '/Write/');
    const jwt = `${Buffer.from('{"alg":"none","type":"JWT"}').toString('base64url')}.${Buffer.from('{"sub":"alice","email":"a@x"}').toString('base64url')}.`;
    const r = await request(
      server.port,
      'POST',
      `${wbase}&RID=1&CVER=22&zx=k&t=1`,
      forwardBody(0, [{ database: DB }], { headers: `Authorization:Bearer ${jwt}\r\n` }),
    );
    const sid = (arrays(r.text)[0]![1] as string[])[1]!;
    const missing = `${DB}/documents/rooms/missing`;
    await request(
      server.port,
      'POST',
      `${wbase}&SID=${sid}&RID=2&AID=0`,
      forwardBody(1, [
        // Allowed by the rules only for uid alice with email a@x: proves the handshake token.
        {
          streamToken: 'MA==',
          writes: [{ update: { name: `${DB}/documents/rooms/b`, fields: {} } }],
        },
        // Precondition failure: the engine's NOT_FOUND comes back as an error message.
        {
          streamToken: 'MA==',
          writes: [{ update: { name: missing, fields: {} }, currentDocument: { exists: true } }],
        },
      ]),
    );
    const lp = await request(
      server.port,
      'GET',
      `${wbase}&RID=rpc&SID=${sid}&AID=0&CI=1&TYPE=xmlhttp`,
    );
    const msgs = arrays(lp.text).map(([, m]) => m[0]);
    expect(msgs[0]).toMatchObject({ streamId: expect.stringMatching(/^[0-9a-f]+$/) });
    expect(msgs[1]).toMatchObject({ writeResults: [{ updateTime: expect.any(String) }] });
    expect(msgs[2]).toEqual({
      error: { code: 5, status: 'NOT_FOUND', message: `No document to update: ${missing}` },
    });
    expect((await engine.getDocument(ADMIN, { name: `${DB}/documents/rooms/b` })).name).toBe(
      `${DB}/documents/rooms/b`,
    );

    // Signed out, the same write is refused by the rules.
    const anon = await request(
      server.port,
      'POST',
      `${wbase}&RID=1&CVER=22&zx=l&t=1`,
      forwardBody(0, [
        { database: DB },
        {
          streamToken: 'MA==',
          writes: [{ update: { name: `${DB}/documents/rooms/c`, fields: {} } }],
        },
      ]),
    );
    const anonSid = (arrays(anon.text)[0]![1] as string[])[1]!;
    const anonLp = await request(
      server.port,
      'GET',
      `${wbase}&RID=rpc&SID=${anonSid}&AID=0&CI=1&TYPE=xmlhttp`,
    );
    expect(arrays(anonLp.text).map(([, m]) => m[0])[1]).toMatchObject({
      error: { code: 7, status: 'PERMISSION_DENIED' },
    });
  });

  it('echoes an HTTP session id (X-HTTP-Session-Id) and checks it when sent back', async () => {
    const r = await request(
      server.port,
      'POST',
      `${base}&RID=1&CVER=22&X-HTTP-Session-Id=gsessionid&zx=m&t=1`,
      forwardBody(0, [{ database: DB }], { headers: 'Authorization:Bearer owner\r\n' }),
    );
    const gsessionid = r.headers['x-http-session-id'];
    expect(gsessionid).toMatch(/^[\w-]{8,}$/);
    // Cross-origin XHRs can only read the header when it is exposed.
    expect(r.headers['access-control-expose-headers']).toContain('X-HTTP-Session-Id');
    const sid = (arrays(r.text)[0]![1] as string[])[1]!;
    const fwd = await request(
      server.port,
      'POST',
      `${base}&gsessionid=${gsessionid}&SID=${sid}&RID=2&AID=0`,
      forwardBody(1, [{ addTarget: { targetId: 6, documents: { documents: [DOC] } } }]),
    );
    expect(fwd.status).toBe(200);
    const lp = await request(
      server.port,
      'GET',
      `${base}&gsessionid=${gsessionid}&RID=rpc&SID=${sid}&AID=0&CI=1&TYPE=xmlhttp`,
    );
    expect(lp.status).toBe(200);
    expect(arrays(lp.text)[0]![1]).toEqual([
      { targetChange: { targetChangeType: 'ADD', targetIds: [6] } },
    ]);
    const wrong = await request(
      server.port,
      'GET',
      `${base}&gsessionid=other&RID=rpc&SID=${sid}&AID=4&CI=1&TYPE=xmlhttp`,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('Unknown SID');

    // A client that does not ask for one gets none.
    const plain = await request(
      server.port,
      'POST',
      `${base}&RID=1&CVER=22&zx=n&t=1`,
      forwardBody(0, [{ database: DB }]),
    );
    expect(plain.status).toBe(200);
    expect(plain.headers['x-http-session-id']).toBeUndefined();
  });

  it('answers CORS preflight with credentials', async () => {
    const r = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .request(
          {
            host: '127.0.0.1',
            port: server.port,
            method: 'OPTIONS',
            path: base,
            headers: {
              Origin: 'http://localhost:5173',
              'Access-Control-Request-Method': 'POST',
              'Access-Control-Request-Headers': 'x-goog-api-client, x-firebase-gmpid',
            },
          },
          resolve,
        )
        .on('error', reject)
        .end();
    });
    expect(r.statusCode).toBe(204);
    expect(r.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(r.headers['access-control-allow-credentials']).toBe('true');
    expect(r.headers['access-control-allow-headers']).toContain('x-firebase-gmpid');
  });
});
