import { randomBytes } from 'node:crypto';
import { invalidArgument, toRpcError } from './errors.js';
import type { StreamHandle, StreamSink } from './listen.js';
import type { Write, WriteRequest, WriteResponse, WriteResult } from './types.js';

export type CommitFn = (
  database: string,
  writes: Write[],
) => { writeResults: WriteResult[]; commitTime: string };

/**
 * The Write stream: first message is the handshake, each later message one atomic commit.
 * Commits run synchronously, so replies keep request order without extra queuing.
 */
export class WriteStream implements StreamHandle<WriteRequest> {
  private readonly streamId = randomBytes(8).toString('hex');
  private counter = 0;
  private database: string | undefined;
  private closed = false;

  constructor(
    private readonly commit: CommitFn,
    private readonly sink: StreamSink<WriteResponse>,
  ) {}

  private token(): string {
    const b = Buffer.alloc(8);
    b.writeBigUInt64BE(BigInt(++this.counter));
    return b.toString('base64');
  }

  write(msg: WriteRequest): void {
    if (this.closed) return;
    try {
      if (this.database === undefined) {
        if (!msg.database) throw invalidArgument('Missing database in the first Write request.');
        this.database = msg.database;
        this.sink.send({ streamId: this.streamId, streamToken: this.token() });
        if (!msg.writes || msg.writes.length === 0) return;
      }
      const { writeResults, commitTime } = this.commit(this.database, msg.writes ?? []);
      this.sink.send({ streamToken: this.token(), commitTime, writeResults });
    } catch (err) {
      // A failed batch ends the stream; the SDK rejects it and reopens with a new handshake.
      this.closed = true;
      try {
        this.sink.error(toRpcError(err));
      } catch {
        /* transport already gone */
      }
    }
  }

  close(): void {
    this.closed = true;
  }
}
