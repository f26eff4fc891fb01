/**
 * A read meter for benchmarks (scripts/bench.mjs `--only=scale`): with NOTENEST_READ_METER=1 in
 * the function's environment, every answer carries `X-Firestore-Reads`, the Firestore documents
 * the request read through the Admin SDK, counted as Firestore bills them: each document a query
 * or get returns, at least one per query, one per aggregation (per 1,000 index entries, which
 * these stay under). Off (the default, and always in production), nothing is patched.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestHandler } from 'express';
import { DocumentReference, Query, Transaction } from 'firebase-admin/firestore';
import { db } from '../firebase.js';

const meter = new AsyncLocalStorage<{ reads: number }>();

function add(n: number): void {
  const store = meter.getStore();
  if (store) store.reads += n;
}

/** Documents a read result stands for (a snapshot, a query snapshot, an aggregation). */
function readsOf(result: unknown): number {
  if (result && typeof result === 'object' && 'docs' in result)
    return Math.max(1, (result as { docs: unknown[] }).docs.length);
  return 1;
}

let patched = false;
function patch(): void {
  if (patched) return;
  patched = true;
  const wrap = (proto: { get: (...a: never[]) => Promise<unknown> }) => {
    const original = proto.get;
    proto.get = function (this: unknown, ...args: never[]) {
      return original.apply(this, args).then((r) => {
        add(readsOf(r));
        return r;
      });
    };
  };
  wrap(Query.prototype as never);
  wrap(DocumentReference.prototype as never);
  // AggregateQuery is not among firebase-admin/firestore's exports: its prototype, from an instance.
  wrap(Object.getPrototypeOf(db().collection('notes').count()) as never);
  wrap(Transaction.prototype as never);
}

export function readMeterEnabled(): boolean {
  return process.env['NOTENEST_READ_METER'] === '1';
}

/** Express middleware: counts this request's reads and sends them with the answer. */
export function readMeter(): RequestHandler {
  return (_req, res, next) => {
    // On the first request, when the Admin SDK is set up (not at load).
    patch();
    const store = { reads: 0 };
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      if (!res.headersSent) res.setHeader('X-Firestore-Reads', String(store.reads));
      return json(body);
    };
    meter.run(store, next);
  };
}
