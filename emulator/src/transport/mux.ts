/**
 * One TCP port, two protocols: a connection whose first bytes are the HTTP/2 client preface goes
 * to the HTTP/2 (gRPC) handler, anything else to the HTTP/1.1 handler. `http2.createServer`
 * cannot do this fallback without TLS, hence the peek. Every socket is tracked because
 * `net.Server.close()` leaves handed-over sockets alone, and stop() must be prompt.
 */
import net from 'node:net';

export const HTTP2_PREFACE = Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', 'latin1');

export type Protocol = 'http2' | 'http1';

/**
 * Classify the bytes seen so far: 'http2' / 'http1' once decided, undefined while they are still
 * a prefix of the preface (need more bytes).
 */
export function classify(bytes: Buffer): Protocol | undefined {
  const n = Math.min(bytes.length, HTTP2_PREFACE.length);
  if (bytes.subarray(0, n).equals(HTTP2_PREFACE.subarray(0, n))) {
    return n === HTTP2_PREFACE.length ? 'http2' : undefined;
  }
  return 'http1';
}

export interface MultiplexedServer {
  server: net.Server;
  sockets: Set<net.Socket>;
  /** Stop accepting and destroy every open connection. */
  close(): Promise<void>;
}

export function createMultiplexer(handlers: {
  http2(socket: net.Socket): void;
  http1(socket: net.Socket): void;
}): MultiplexedServer {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    let seen: Buffer = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      seen = seen.length ? Buffer.concat([seen, chunk]) : chunk;
      const proto = classify(seen);
      if (!proto) return;
      socket.removeListener('data', onData);
      socket.pause();
      socket.unshift(seen);
      if (proto === 'http2') {
        // Do not resume(): the HTTP/2 session reads on its own; resuming here made clients see
        // RST_STREAM code 2 (measured).
        handlers.http2(socket);
      } else {
        handlers.http1(socket);
        socket.resume();
      }
    };
    socket.on('data', onData);
  });
  return {
    server,
    sockets,
    close() {
      return new Promise((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
        sockets.clear();
      });
    },
  };
}
