/**
 * A deliberately tiny engine used only by the transport's own tests, so that framing, session
 * and multiplexing logic can be tested in isolation from the real data engine (which has its own
 * tests, and which the end-to-end transport tests use). Documents targets only; no queries.
 */
import type { Msg } from './codec.js';
import type { CallContext, EngineApi, StreamSink } from './engine-api.js';

class FakeRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export class FakeEngine implements EngineApi {
  docs = new Map<string, Msg>();
  rules: { projectId: string; files: { content: string }[] }[] = [];
  contexts: CallContext[] = [];
  private tick = 1;
  private listeners = new Set<() => void>();

  private now(): string {
    return new Date(Date.UTC(2026, 10, 21) + this.tick++).toISOString().replace('Z', '000Z');
  }

  async getDocument(ctx: CallContext, req: Msg): Promise<Msg> {
    this.contexts.push(ctx);
    const d = this.docs.get(req.name);
    if (!d) throw new FakeRpcError(5, `Document "${req.name}" not found`);
    return d;
  }
  async listDocuments(): Promise<Msg> {
    return { documents: [...this.docs.values()] };
  }
  async createDocument(ctx: CallContext, req: Msg): Promise<Msg> {
    const name = `${req.parent}/${req.collectionId}/${req.documentId ?? 'auto'}`;
    const t = this.now();
    const d = { ...req.document, name, createTime: t, updateTime: t };
    this.docs.set(name, d);
    this.changed();
    return d;
  }
  async updateDocument(ctx: CallContext, req: Msg): Promise<Msg> {
    const t = this.now();
    const d = { ...req.document, createTime: t, updateTime: t };
    this.docs.set(d.name, d);
    this.changed();
    return d;
  }
  async deleteDocument(ctx: CallContext, req: Msg): Promise<void> {
    this.docs.delete(req.name);
    this.changed();
  }
  async batchGetDocuments(ctx: CallContext, req: Msg): Promise<Msg[]> {
    this.contexts.push(ctx);
    const readTime = this.now();
    return (req.documents as string[]).map((n) =>
      this.docs.has(n) ? { found: this.docs.get(n), readTime } : { missing: n, readTime },
    );
  }
  async beginTransaction(): Promise<Msg> {
    return { transaction: 'dHg=' };
  }
  async commit(ctx: CallContext, req: Msg): Promise<Msg> {
    this.contexts.push(ctx);
    const t = this.now();
    for (const w of req.writes ?? []) {
      if (w.delete) this.docs.delete(w.delete);
      else this.docs.set(w.update.name, { ...w.update, createTime: t, updateTime: t });
    }
    this.changed();
    return { writeResults: (req.writes ?? []).map(() => ({ updateTime: t })), commitTime: t };
  }
  async batchWrite(ctx: CallContext, req: Msg): Promise<Msg> {
    const r = await this.commit(ctx, req);
    return { writeResults: r.writeResults, status: r.writeResults.map(() => ({})) };
  }
  async rollback(): Promise<void> {}
  async runQuery(): Promise<Msg[]> {
    return [{ readTime: this.now() }];
  }
  async runAggregationQuery(): Promise<Msg[]> {
    return [
      {
        result: { aggregateFields: { aggregate_0: { integerValue: String(this.docs.size) } } },
        readTime: this.now(),
      },
    ];
  }
  async listCollectionIds(): Promise<Msg> {
    return { collectionIds: ['rooms'] };
  }

  openListen(ctx: CallContext, sink: StreamSink<Msg>) {
    this.contexts.push(ctx);
    const targets = new Map<number, string[]>();
    const seen = new Map<string, string>();
    const resend = () => {
      let any = false;
      for (const [id, names] of targets) {
        for (const n of names) {
          const d = this.docs.get(n);
          const key = d ? d.updateTime : '';
          if ((seen.get(n) ?? '') === key) continue;
          seen.set(n, key);
          any = true;
          if (d) sink.send({ documentChange: { document: d, targetIds: [id] } });
          else
            sink.send({
              documentDelete: { document: n, removedTargetIds: [id], readTime: this.now() },
            });
        }
      }
      if (any) sink.send({ targetChange: { resumeToken: 'AQ==', readTime: this.now() } });
    };
    this.listeners.add(resend);
    return {
      write: (m: Msg) => {
        if (m.addTarget) {
          const id = m.addTarget.targetId as number;
          const names = (m.addTarget.documents?.documents ?? []) as string[];
          if (names.some((n) => n.includes('/forbidden/'))) {
            sink.send({
              targetChange: {
                targetChangeType: 'REMOVE',
                targetIds: [id],
                cause: { code: 7, message: 'Missing or insufficient permissions.' },
              },
            });
            return;
          }
          targets.set(id, names);
          sink.send({ targetChange: { targetChangeType: 'ADD', targetIds: [id] } });
          for (const n of names) {
            const d = this.docs.get(n);
            seen.set(n, d ? d.updateTime : '');
            if (d) sink.send({ documentChange: { document: d, targetIds: [id] } });
          }
          const readTime = this.now();
          sink.send({
            targetChange: {
              targetChangeType: 'CURRENT',
              targetIds: [id],
              resumeToken: 'AQ==',
              readTime,
            },
          });
          sink.send({ targetChange: { targetIds: [], resumeToken: 'AQ==', readTime } });
        } else if (m.removeTarget !== undefined) {
          targets.delete(m.removeTarget);
          sink.send({ targetChange: { targetChangeType: 'REMOVE', targetIds: [m.removeTarget] } });
        }
      },
      close: () => {
        this.listeners.delete(resend);
      },
    };
  }

  openWrite(ctx: CallContext, sink: StreamSink<Msg>) {
    this.contexts.push(ctx);
    let n = 0;
    return {
      write: (m: Msg) => {
        if (!m.writes) {
          sink.send({ streamId: 's1', streamToken: Buffer.from(String(n++)).toString('base64') });
          return;
        }
        if (m.writes.some((w: Msg) => w.delete?.includes('/fail/'))) {
          sink.error(new FakeRpcError(5, 'No document to update'));
          return;
        }
        void this.commit(ctx, { writes: m.writes }).then((r) =>
          sink.send({ streamToken: Buffer.from(String(n++)).toString('base64'), ...r }),
        );
      },
      close: () => {},
    };
  }

  clear(): void {
    this.docs.clear();
  }
  setRules(projectId: string, files: { content: string }[]): void {
    this.rules.push({ projectId, files });
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }
}
