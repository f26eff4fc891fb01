/**
 * The Firestore port: gRPC (HTTP/2 prior knowledge) and HTTP/1.1 (WebChannel, REST, emulator
 * control) multiplexed on one listening socket.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EngineApi } from './engine-api.js';
import { createGrpcSide } from './grpc.js';
import { createHttp1Handler } from './http1.js';
import { createMultiplexer } from './mux.js';
import type { WebChannelOptions } from './webchannel.js';

export type { CallContext, EngineApi, StreamHandle, StreamSink } from './engine-api.js';

export interface FirestoreTransportOptions {
  host?: string;
  port?: number;
  webchannel?: WebChannelOptions;
}

export interface FirestoreTransport {
  host: string;
  port: number;
  close(): Promise<void>;
}

export async function startFirestoreTransport(
  engine: EngineApi,
  options: FirestoreTransportOptions = {},
): Promise<FirestoreTransport> {
  const host = options.host ?? '127.0.0.1';
  const grpcSide = createGrpcSide(engine);
  const handler = createHttp1Handler(engine, options.webchannel);
  const http1 = http.createServer({ keepAliveTimeout: 65_000, requestTimeout: 0 }, handler);
  // Hanging GETs must not be cut by Node's default timeouts.
  http1.headersTimeout = 60_000;
  http1.timeout = 0;
  const mux = createMultiplexer({
    http2: (socket) => grpcSide.injector.injectConnection(socket),
    http1: (socket) => http1.emit('connection', socket),
  });
  await new Promise<void>((resolve, reject) => {
    mux.server.once('error', reject);
    mux.server.listen(options.port ?? 0, host, () => {
      mux.server.off('error', reject);
      resolve();
    });
  });
  const addr = mux.server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    host,
    port: addr.port,
    close() {
      closing ??= (async () => {
        handler.webchannel.closeAll();
        grpcSide.shutdown();
        http1.closeAllConnections();
        await mux.close();
      })();
      return closing;
    },
  };
}
