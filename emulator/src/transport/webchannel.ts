/**
 * Server side of the (closure) WebChannel protocol as used by the Firestore web SDK in browsers
 * for its Listen and Write streams. See /work/shared/notes/firestore-wire-protocol.md.
 *
 * One session = one bidi engine stream. The client sends messages on "forward channel" POSTs and
 * receives them on a "backchannel" GET, either streaming (CI=0, response kept open) or long-polled
 * (CI=1, one response per batch). Every server message is an "array" with a session-wide, strictly
 * rising id; arrays stay buffered until the client acknowledges them (AID) so a lost backchannel
 * can be replayed on the next one.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { codecFor, stringifyJson, type Msg } from './codec.js';
import { contextFromAuthorization } from './auth.js';
import type { CallContext, EngineApi, StreamHandle } from './engine-api.js';
import { toRpcFailure } from './status.js';

export type ChannelKind = 'Listen' | 'Write';

/** `<length>\n<json>`, length in UTF-16 code units (what the JS client's string.length counts). */
export function frame(json: string): string {
  return `${json.length}\n${json}`;
}

/** Parse a sequence of frames (used by tests and by anyone reading our output). */
export function parseFrames(text: string): unknown[] {
  const out: unknown[] = [];
  let i = 0;
  while (i < text.length) {
    const nl = text.indexOf('\n', i);
    if (nl < 0) throw new Error('truncated frame header');
    const len = Number(text.slice(i, nl));
    if (!Number.isInteger(len)) throw new Error(`bad frame length ${text.slice(i, nl)}`);
    const body = text.slice(nl + 1, nl + 1 + len);
    if (body.length < len) throw new Error('truncated frame');
    out.push(JSON.parse(body));
    i = nl + 1 + len;
  }
  return out;
}

/** Decode the `headers=` handshake field: url-decoded `Name:value\r\n` lines. */
export function parseHeaderBlock(block: string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!block) return out;
  // Some client versions send a JSON object instead of header lines.
  if (block.trim().startsWith('{')) {
    try {
      for (const [k, v] of Object.entries(JSON.parse(block) as Record<string, unknown>)) {
        out[k.toLowerCase()] = String(v);
      }
      return out;
    } catch {
      /* fall through to line parsing */
    }
  }
  for (const line of block.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    out[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return out;
}

/** The forward-channel form body: `count=N&ofs=K&req0___data__=...`. */
export function parseForwardBody(body: string): {
  ofs: number;
  messages: string[];
  form: URLSearchParams;
} {
  const form = new URLSearchParams(body);
  const count = Number(form.get('count') ?? '0');
  const ofs = Number(form.get('ofs') ?? '0');
  const messages: string[] = [];
  for (let i = 0; i < count; i++) {
    const data = form.get(`req${i}___data__`);
    if (data !== null) messages.push(data);
  }
  return { ofs: Number.isFinite(ofs) ? ofs : 0, messages, form };
}

export interface WebChannelOptions {
  /** Keep-alive noop interval on a streaming backchannel (the client gives up after ~45 s). */
  noopIntervalMs?: number;
  /** How long a long-poll backchannel is held open with nothing to send. */
  longPollHoldMs?: number;
  /** A session with no backchannel and no forward traffic for this long is closed. */
  idleSessionMs?: number;
}

interface Backchannel {
  res: ServerResponse;
  streaming: boolean;
  timer: NodeJS.Timeout | undefined;
}

const SERVER_VERSION = 14;
const SERVER_KEEPALIVE_MS = 30_000;

const COMMON_HEADERS = {
  'Content-Type': 'application/javascript; charset=utf-8',
  'Cache-Control': 'no-cache, no-store, max-age=0, must-revalidate',
  Pragma: 'no-cache',
  'X-Content-Type-Options': 'nosniff',
};

/**
 * HTTP session id. The handshake URL carries `X-HTTP-Session-Id=<param name>` (Firestore's client
 * sets `httpSessionIdParam: 'gsessionid'`); when the handshake reply has an `X-HTTP-Session-Id`
 * header, the client adds `<param name>=<value>` to every later forward and backchannel URL of the
 * session (read from the closure client in @firebase/webchannel-wrapper). Browsers only let the
 * client read that header cross-origin if it is listed in Access-Control-Expose-Headers.
 */
export const SESSION_ID_HEADER = 'X-HTTP-Session-Id';

class Session {
  readonly sid = randomBytes(12).toString('hex');
  /** Echoed to the client in the handshake reply; the client sends it back on every request. */
  readonly httpSessionId = randomBytes(12).toString('base64url');
  /** Unacknowledged arrays, in id order, each pre-serialized as `[id,[msg]]`. */
  private pending: { id: number; text: string }[] = [];
  private lastArrayId = 0; // 0 is the handshake's "c" array
  private nextOfs = 0;
  private back: Backchannel | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private handle: StreamHandle<Msg> | undefined;
  private streamDone = false;
  closed = false;

  constructor(
    readonly kind: ChannelKind,
    readonly ctx: CallContext,
    /** The URL parameter the client will use to send `httpSessionId` back (e.g. `gsessionid`). */
    readonly httpSessionIdParam: string | null,
    private readonly engine: EngineApi,
    private readonly opts: Required<WebChannelOptions>,
    private readonly onClosed: (s: Session) => void,
  ) {
    const sink = {
      send: (m: Msg) => {
        if (!this.streamDone) this.push(m);
      },
      error: (err: unknown) => {
        if (this.streamDone) return;
        this.streamDone = true;
        const f = toRpcFailure(err);
        this.push({ error: { code: f.code, status: f.status, message: f.message } });
      },
      end: () => {
        if (this.streamDone) return;
        this.streamDone = true;
        this.pushRaw(['stop']);
      },
    };
    this.handle = kind === 'Listen' ? engine.openListen(ctx, sink) : engine.openWrite(ctx, sink);
    this.touch();
  }

  /** Feed client messages (JSON texts) whose first has map index `ofs`; duplicates dropped. */
  receive(ofs: number, messages: string[]): void {
    this.touch();
    const codec = codecFor(this.kind === 'Listen' ? 'ListenRequest' : 'WriteRequest');
    for (let i = 0; i < messages.length; i++) {
      const index = ofs + i;
      if (index < this.nextOfs) continue; // a retried forward-channel POST we already processed
      this.nextOfs = index + 1;
      if (this.streamDone || !this.handle) continue;
      try {
        this.handle.write(codec.fromJson(messages[i]!));
      } catch (err) {
        const f = toRpcFailure(err);
        this.streamDone = true;
        this.push({ error: { code: f.code, status: f.status, message: f.message } });
        this.closeHandle();
      }
    }
  }

  ack(aid: number | undefined): void {
    if (aid === undefined || !Number.isFinite(aid)) return;
    let n = 0;
    while (n < this.pending.length && this.pending[n]!.id <= aid) n++;
    if (n) this.pending.splice(0, n);
  }

  get lastSentArrayId(): number {
    return this.lastArrayId;
  }

  handshakeReply(): string {
    return frame(
      JSON.stringify([[0, ['c', this.sid, '', 8, SERVER_VERSION, SERVER_KEEPALIVE_MS]]]),
    );
  }

  private push(msg: Msg): void {
    this.pushRaw([msg]);
  }

  private pushRaw(data: unknown[]): void {
    if (this.closed) return;
    const id = ++this.lastArrayId;
    const item = { id, text: `[${id},${stringifyJson(data)}]` };
    this.pending.push(item);
    const back = this.back;
    if (!back) return;
    this.writeBack(back, [item]);
    if (!back.streaming) this.endBack();
  }

  private writeBack(back: Backchannel, items: { text: string }[]): void {
    back.res.write(frame(`[${items.map((i) => i.text).join(',')}]`));
  }

  /** A new backchannel GET. Replays every array after AID, then streams or long-polls. */
  attachBackchannel(res: ServerResponse, streaming: boolean, aid: number | undefined): void {
    this.ack(aid);
    // The client only ever has one backchannel; a new one supersedes the old.
    if (this.back) this.endBack();
    this.touch();
    res.writeHead(200, COMMON_HEADERS);
    res.socket?.setNoDelay(true);
    const back: Backchannel = { res, streaming, timer: undefined };
    this.back = back;
    res.on('close', () => {
      if (this.back === back) {
        clearTimeout(back.timer);
        this.back = undefined;
        this.touch();
      }
    });
    const unacked = aid === undefined ? this.pending : this.pending.filter((p) => p.id > aid);
    if (streaming) {
      // Write at once: a silent new streaming backchannel makes the client fall back to long-poll.
      if (unacked.length) this.writeBack(back, unacked);
      else this.pushRaw(['noop']);
      const keepAlive = () => {
        if (this.back !== back) return;
        this.pushRaw(['noop']);
        back.timer = setTimeout(keepAlive, this.opts.noopIntervalMs);
      };
      back.timer = setTimeout(keepAlive, this.opts.noopIntervalMs);
    } else if (unacked.length) {
      this.writeBack(back, unacked);
      this.endBack();
    } else {
      back.timer = setTimeout(() => {
        if (this.back === back) this.pushRaw(['noop']); // pushRaw ends a long-poll backchannel
      }, this.opts.longPollHoldMs);
    }
  }

  private endBack(): void {
    const back = this.back;
    if (!back) return;
    this.back = undefined;
    clearTimeout(back.timer);
    back.res.end();
    this.touch();
  }

  /** Restart the idle timer: sessions nobody polls any more are closed. */
  private touch(): void {
    clearTimeout(this.idleTimer);
    if (this.closed) return;
    this.idleTimer = setTimeout(() => {
      if (!this.back) this.close();
      else this.touch();
    }, this.opts.idleSessionMs);
    this.idleTimer.unref?.();
  }

  private closeHandle(): void {
    const h = this.handle;
    this.handle = undefined;
    try {
      h?.close();
    } catch {
      /* closing anyway */
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.streamDone = true;
    clearTimeout(this.idleTimer);
    const back = this.back;
    this.back = undefined;
    if (back) {
      clearTimeout(back.timer);
      back.res.end();
    }
    this.closeHandle();
    this.onClosed(this);
  }
}

/** All WebChannel sessions of one Firestore port. */
export class WebChannelServer {
  private readonly sessions = new Map<string, Session>();
  private readonly opts: Required<WebChannelOptions>;

  constructor(
    private readonly engine: EngineApi,
    options: WebChannelOptions = {},
  ) {
    this.opts = {
      noopIntervalMs: options.noopIntervalMs ?? 20_000,
      longPollHoldMs: options.longPollHoldMs ?? 20_000,
      idleSessionMs: options.idleSessionMs ?? 120_000,
    };
  }

  get sessionCount(): number {
    return this.sessions.size;
  }

  /**
   * Handle one request to `/google.firestore.v1.Firestore/{kind}/channel`. `body` is the already
   * read request body (empty for GET). Response headers set by the caller (CORS) are kept.
   */
  handle(
    req: IncomingMessage,
    res: ServerResponse,
    kind: ChannelKind,
    url: URL,
    body: string,
  ): void {
    const q = url.searchParams;
    const sid = q.get('SID');
    const type = q.get('TYPE');
    const aidParam = q.get('AID');
    const aid = aidParam === null || aidParam === '' ? undefined : Number(aidParam);

    if (!sid) {
      if (type === 'terminate') return void res.writeHead(200, COMMON_HEADERS).end();
      if (req.method !== 'POST') return unknownSid(res);
      return this.handshake(req, res, kind, url, body);
    }
    const session = this.sessions.get(sid);
    if (type === 'terminate') {
      session?.close();
      res.writeHead(200, COMMON_HEADERS).end();
      return;
    }
    if (!session || session.kind !== kind) return unknownSid(res);
    // A session id that is present but wrong means a request meant for another session.
    const echoed = session.httpSessionIdParam ? q.get(session.httpSessionIdParam) : null;
    if (echoed !== null && echoed !== session.httpSessionId) return unknownSid(res);

    if (req.method === 'GET') {
      // RID=rpc&CI=0|1&TYPE=xmlhttp: the backchannel. CI=1 means "long-poll".
      session.attachBackchannel(res, q.get('CI') !== '1', aid);
      return;
    }
    // Forward channel.
    session.ack(aid);
    const { ofs, messages } = parseForwardBody(body);
    session.receive(ofs, messages);
    // [backchannel present, last array id sent, outstanding backchannel bytes]; never empty.
    res.writeHead(200, COMMON_HEADERS).end(frame(JSON.stringify([1, session.lastSentArrayId, 0])));
  }

  private handshake(
    req: IncomingMessage,
    res: ServerResponse,
    kind: ChannelKind,
    url: URL,
    body: string,
  ): void {
    const { ofs, messages, form } = parseForwardBody(body);
    const headers = {
      ...parseHeaderBlock(url.searchParams.get('$httpHeaders')),
      ...parseHeaderBlock(form.get('$httpHeaders')),
      ...parseHeaderBlock(form.get('headers')),
    };
    const authorization =
      headers['authorization'] ??
      (typeof req.headers.authorization === 'string' ? req.headers.authorization : undefined);
    const ctx = contextFromAuthorization(authorization);
    const param = url.searchParams.get(SESSION_ID_HEADER) || null;
    const session = new Session(kind, ctx, param, this.engine, this.opts, (s) =>
      this.sessions.delete(s.sid),
    );
    this.sessions.set(session.sid, session);
    const replyHeaders: Record<string, string> = { ...COMMON_HEADERS };
    if (param) {
      replyHeaders[SESSION_ID_HEADER] = session.httpSessionId;
      replyHeaders['Access-Control-Expose-Headers'] = SESSION_ID_HEADER;
    }
    // Reply first so the "c" array (id 0) precedes anything the engine answers (ids 1+).
    res.writeHead(200, replyHeaders).end(session.handshakeReply());
    session.receive(ofs, messages);
  }

  closeAll(): void {
    for (const s of [...this.sessions.values()]) s.close();
  }
}

function unknownSid(res: ServerResponse): void {
  // The client looks for "Unknown SID" past the start of a 400 body.
  res.writeHead(400, { 'Content-Type': 'text/html; charset=utf-8' });
  res.end('<html><body><p>Unknown SID</p></body></html>');
}
