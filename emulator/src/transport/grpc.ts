/**
 * gRPC side of the Firestore port: a grpc-js Server whose service definition is built from the
 * protobufjs reflection types (serialization through codec.ts), fed sockets by the port
 * multiplexer through `createConnectionInjector`. Never bound to a port of its own.
 */
import * as grpc from '@grpc/grpc-js';
import { codecFor, firestoreRoot, type Msg } from './codec.js';
import { contextFromAuthorization } from './auth.js';
import { UNARY_METHODS, type EngineApi, type UnaryMethodName } from './engine-api.js';
import { toRpcFailure } from './status.js';

const SERVICE = 'google.firestore.v1.Firestore';

function metadataContext(md: grpc.Metadata) {
  const v = md.get('authorization')[0];
  return contextFromAuthorization(typeof v === 'string' ? v : v?.toString('utf8'));
}

function grpcError(err: unknown): Partial<grpc.StatusObject> {
  const f = toRpcFailure(err);
  return { code: f.code, details: f.message, metadata: new grpc.Metadata() };
}

function shortName(t: string): string {
  return t.replace(/^\./, '').replace(/^google\.firestore\.v1\./, '');
}

export interface GrpcSide {
  injector: grpc.ConnectionInjector;
  server: grpc.Server;
  shutdown(): void;
}

export function createGrpcSide(engine: EngineApi): GrpcSide {
  const service = firestoreRoot().lookupService(SERVICE);
  const definition: Record<string, grpc.MethodDefinition<Msg, Msg>> = {};
  const impl: grpc.UntypedServiceImplementation = {};

  for (const method of service.methodsArray) {
    method.resolve();
    const name = method.name;
    const isUnary = name in UNARY_METHODS;
    const isBidi = name === 'Listen' || name === 'Write';
    // ExecutePipeline, PartitionQuery: left out, grpc-js answers UNIMPLEMENTED.
    if (!isUnary && !isBidi) continue;
    const req = codecFor(shortName(method.requestType));
    const res = codecFor(shortName(method.responseType));
    definition[name] = {
      path: `/${SERVICE}/${name}`,
      requestStream: !!method.requestStream,
      responseStream: !!method.responseStream,
      requestSerialize: (m: Msg) => req.encode(m),
      requestDeserialize: (b: Buffer) => req.decode(b),
      responseSerialize: (m: Msg) => res.encode(m),
      responseDeserialize: (b: Buffer) => res.decode(b),
      originalName: name[0]!.toLowerCase() + name.slice(1),
    };

    if (isUnary) {
      const fn = UNARY_METHODS[name as UnaryMethodName];
      if (method.responseStream) {
        impl[name] = (call: grpc.ServerWritableStream<Msg, Msg>) => {
          const ctx = metadataContext(call.metadata);
          (engine[fn] as (c: typeof ctx, r: Msg) => Promise<Msg[]>)
            .call(engine, ctx, call.request)
            .then((items) => {
              for (const item of items) call.write(item);
              call.end();
            })
            .catch((err) => call.emit('error', grpcError(err)));
        };
      } else {
        impl[name] = (call: grpc.ServerUnaryCall<Msg, Msg>, cb: grpc.sendUnaryData<Msg>) => {
          const ctx = metadataContext(call.metadata);
          (engine[fn] as (c: typeof ctx, r: Msg) => Promise<Msg | void>)
            .call(engine, ctx, call.request)
            .then((out) => cb(null, out ?? {}))
            .catch((err) => cb(grpcError(err) as grpc.ServerErrorResponse));
        };
      }
    } else {
      impl[name] = (call: grpc.ServerDuplexStream<Msg, Msg>) => {
        const ctx = metadataContext(call.metadata);
        let done = false;
        const finish = () => {
          done = true;
        };
        const sink = {
          send: (m: Msg) => {
            if (!done) call.write(m);
          },
          error: (err: unknown) => {
            if (done) return;
            finish();
            call.emit('error', grpcError(err));
          },
          end: () => {
            if (done) return;
            finish();
            call.end();
          },
        };
        const handle =
          name === 'Listen' ? engine.openListen(ctx, sink) : engine.openWrite(ctx, sink);
        let closed = false;
        const close = () => {
          if (closed) return;
          closed = true;
          try {
            handle.close();
          } catch {
            /* the stream is going away anyway */
          }
        };
        call.on('data', (m: Msg) => {
          if (done) return;
          try {
            handle.write(m);
          } catch (err) {
            sink.error(err);
            close();
          }
        });
        // Half-close from the client: the engine sees close(); we also finish our side.
        call.on('end', () => {
          close();
          sink.end();
        });
        call.on('cancelled', () => {
          done = true;
          close();
        });
        call.on('error', () => {
          done = true;
          close();
        });
        call.on('close', close);
      };
    }
  }

  const server = new grpc.Server({
    // Clients keep streams open for a long time; do not let grpc-js time sessions out.
    // Requests over 4 MiB are refused with RESOURCE_EXHAUSTED before decoding, like the official
    // emulator (grpc-java's default inbound limit); a smaller oversized document reaches the
    // engine and gets its INVALID_ARGUMENT. Responses are not limited.
    'grpc.max_receive_message_length': 4 * 1024 * 1024,
    'grpc.max_send_message_length': -1,
  });
  server.addService(definition, impl);
  const injector = server.createConnectionInjector(grpc.ServerCredentials.createInsecure());
  return {
    injector,
    server,
    shutdown() {
      injector.destroy();
      server.forceShutdown();
    },
  };
}
