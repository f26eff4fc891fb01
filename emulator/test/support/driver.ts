/**
 * The client drivers every conformance scenario runs through: firebase-admin, the web SDK's
 * Node build (gRPC), and the web SDK in headless Chromium (WebChannel, streaming or forced
 * long-polling). All share one interface so a scenario is written once.
 */
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type {
  Aggregations,
  ContentionResult,
  Data,
  DocSnap,
  ListenEvent,
  ListenTarget,
  Outcome,
  QuerySnap,
  QuerySpec,
  SetOptions,
  UpdateArg,
  WriteOp,
} from './spec.js';
import type { WebOps } from './web-ops.js';

export type DriverKind = 'admin' | 'web-node' | 'web-browser' | 'web-browser-longpoll';

export class DriverError extends Error {
  constructor(
    /** normalized to the web SDK's spelling: 'not-found', 'already-exists', ... */
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Waits for listener events; the default wait is generous because CI machines are slow. */
export const EVENT_TIMEOUT_MS = 10_000;

export interface Listener {
  /** The next event; throws after timeoutMs without one. */
  next(timeoutMs?: number): Promise<ListenEvent>;
  /** Events until one satisfies pred (returned last in `seen`); throws on timeout. */
  until(
    pred: (e: ListenEvent) => boolean,
    timeoutMs?: number,
  ): Promise<{ event: ListenEvent; seen: ListenEvent[] }>;
  /** Asserts that no event arrives within ms (returns the unexpected event if one does). */
  quiet(ms: number): Promise<ListenEvent | null>;
  stop(): Promise<void>;
}

function makeListener(
  poll: (timeoutMs: number) => Promise<ListenEvent | null>,
  stop: () => Promise<void>,
): Listener {
  const l: Listener = {
    async next(timeoutMs = EVENT_TIMEOUT_MS) {
      const e = await poll(timeoutMs);
      if (!e) throw new Error(`listener: no event within ${timeoutMs} ms`);
      return e;
    },
    async until(pred, timeoutMs = EVENT_TIMEOUT_MS) {
      const seen: ListenEvent[] = [];
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const left = deadline - Date.now();
        const e = left > 0 ? await poll(left) : null;
        if (!e) {
          throw new Error(
            `listener: condition not met within ${timeoutMs} ms; events seen: ${JSON.stringify(seen).slice(0, 2000)}`,
          );
        }
        seen.push(e);
        if (pred(e)) return { event: e, seen };
      }
    },
    async quiet(ms) {
      return poll(ms);
    },
    stop,
  };
  return l;
}

/** In-process event queue (admin listeners, which cannot cross a page boundary anyway). */
export class EventQueue {
  private queue: ListenEvent[] = [];
  private wake: (() => void) | null = null;
  push(e: ListenEvent) {
    this.queue.push(e);
    this.wake?.();
  }
  async poll(timeoutMs: number): Promise<ListenEvent | null> {
    const until = Date.now() + timeoutMs;
    while (this.queue.length === 0) {
      const left = until - Date.now();
      if (left <= 0) return null;
      await new Promise<void>((r) => {
        const t = setTimeout(r, left);
        this.wake = () => {
          clearTimeout(t);
          r();
        };
      });
      this.wake = null;
    }
    return this.queue.shift()!;
  }
  listener(stop: () => Promise<void>): Listener {
    return makeListener((ms) => this.poll(ms), stop);
  }
}

export interface Driver {
  readonly kind: DriverKind;
  readonly name: string;
  readonly projectId: string;
  set(path: string, data: Data, options?: SetOptions): Promise<void>;
  add(collection: string, data: Data): Promise<string>;
  update(path: string, arg: UpdateArg): Promise<void>;
  delete(path: string): Promise<void>;
  get(path: string): Promise<DocSnap>;
  query(spec: QuerySpec): Promise<QuerySnap>;
  aggregate(spec: QuerySpec, aggs: Aggregations): Promise<Record<string, number | null>>;
  batch(ops: WriteOp[]): Promise<void>;
  txRead(paths: string[]): Promise<DocSnap[]>;
  contend(path: string, field: string, barrierMs: number): Promise<ContentionResult>;
  listen(target: ListenTarget, opts?: { includeMetadataChanges?: boolean }): Promise<Listener>;
  /** web SDK only */
  disableNetwork?(): Promise<void>;
  enableNetwork?(): Promise<void>;
  close(): Promise<void>;
}

type Invoke = <K extends keyof WebOps>(
  method: K,
  ...args: Parameters<WebOps[K]>
) => Promise<Awaited<ReturnType<WebOps[K]>>>;

/** The web SDK driver; `invoke` runs a web-ops method either in-process or inside a page. */
export class WebDriver implements Driver {
  constructor(
    readonly kind: DriverKind,
    readonly projectId: string,
    private readonly invoke: Invoke,
    private readonly dispose: () => Promise<void>,
  ) {}
  /** Browser drivers only: WebChannel backchannel requests seen, by mode. */
  backchannels?: { streaming: number; longPolling: number };
  get name() {
    return this.kind;
  }

  private async call<T>(p: Promise<Outcome<T>>): Promise<T> {
    const r = await p;
    if (!r.ok) throw new DriverError(r.error.code, r.error.message);
    return r.value;
  }

  async set(path: string, data: Data, options?: SetOptions) {
    await this.call(this.invoke('set', path, data, options));
  }
  add(collection: string, data: Data) {
    return this.call(this.invoke('add', collection, data));
  }
  async update(path: string, arg: UpdateArg) {
    await this.call(this.invoke('update', path, arg));
  }
  async delete(path: string) {
    await this.call(this.invoke('delete', path));
  }
  get(path: string) {
    return this.call(this.invoke('get', path));
  }
  query(spec: QuerySpec) {
    return this.call(this.invoke('query', spec));
  }
  aggregate(spec: QuerySpec, aggs: Aggregations) {
    return this.call(this.invoke('aggregate', spec, aggs));
  }
  async batch(ops: WriteOp[]) {
    await this.call(this.invoke('batch', ops));
  }
  txRead(paths: string[]) {
    return this.call(this.invoke('txRead', paths));
  }
  contend(path: string, field: string, barrierMs: number) {
    return this.call(this.invoke('contend', path, field, barrierMs));
  }
  async listen(
    target: ListenTarget,
    opts: { includeMetadataChanges?: boolean } = {},
  ): Promise<Listener> {
    const id = await this.call(this.invoke('listen', target, opts.includeMetadataChanges ?? false));
    return makeListener(
      (ms) => this.call(this.invoke('nextEvent', id, ms)),
      async () => {
        await this.call(this.invoke('unlisten', id));
      },
    );
  }
  async disableNetwork() {
    await this.call(this.invoke('disableNetwork'));
  }
  async enableNetwork() {
    await this.call(this.invoke('enableNetwork'));
  }
  async close() {
    await this.invoke('close').catch(() => {});
    await this.dispose();
  }
}

export async function nodeWebDriver(projectId: string, hostPort: string): Promise<WebDriver> {
  const [fs, appMod, { createWebOps }] = await Promise.all([
    import('firebase/firestore'),
    import('firebase/app'),
    import('./web-ops.js'),
  ]);
  const ops = createWebOps(fs, appMod);
  const i = hostPort.lastIndexOf(':');
  const init = await ops.init({
    projectId,
    host: hostPort.slice(0, i),
    port: Number(hostPort.slice(i + 1)),
    appName: `web-${randomBytes(4).toString('hex')}`,
  });
  if (!init.ok) throw new DriverError(init.error.code, init.error.message);
  const invoke = ((method: keyof WebOps, ...args: unknown[]) =>
    (ops[method] as (...a: unknown[]) => unknown)(...args)) as Invoke;
  return new WebDriver('web-node', projectId, invoke, async () => {});
}

/**
 * Browser drivers share one headless Chromium per test file (launched by the fixture with
 * src/testing/chromium.ts). playwright's launch() already gives the browser a fresh temporary
 * user-data-dir; each driver gets its own context (own connection pool) and page, because one
 * Firestore instance holds two hanging requests of Chrome's six per host.
 */
export async function browserWebDriver(
  browser: Browser,
  appUrl: string,
  projectId: string,
  hostPort: string,
  longPolling: boolean,
): Promise<WebDriver> {
  const context: BrowserContext = await browser.newContext();
  const page: Page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  // Backchannel GETs say how WebChannel talks: CI=0 streaming, CI=1 long-polling.
  const backchannels = { streaming: 0, longPolling: 0 };
  page.on('request', (r) => {
    const u = r.url();
    if (r.method() !== 'GET' || !u.includes('/channel?') || !u.includes('RID=rpc')) return;
    if (/[?&]CI=1(&|$)/.test(u)) backchannels.longPolling++;
    else if (/[?&]CI=0(&|$)/.test(u)) backchannels.streaming++;
  });
  await page.goto(appUrl);
  await page.waitForFunction(() => 'nn' in globalThis, undefined, { timeout: 15_000 });
  const i = hostPort.lastIndexOf(':');
  const invoke = (async (method: string, ...args: unknown[]) => {
    return page.evaluate(
      ([m, a]) => {
        const nn = (globalThis as unknown as { nn: Record<string, (...x: unknown[]) => unknown> })
          .nn;
        return nn[m as string](...(a as unknown[]));
      },
      [method, args] as const,
    );
  }) as Invoke;
  const kind: DriverKind = longPolling ? 'web-browser-longpoll' : 'web-browser';
  const init = await invoke('init', {
    projectId,
    host: hostPort.slice(0, i),
    port: Number(hostPort.slice(i + 1)),
    longPolling,
    appName: `web-${randomBytes(4).toString('hex')}`,
  });
  if (!init.ok) throw new DriverError(init.error.code, init.error.message);
  const driver = new WebDriver(kind, projectId, invoke, async () => {
    await context.close().catch(() => {});
  });
  driver.backchannels = backchannels;
  return driver;
}
