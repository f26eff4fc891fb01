/**
 * The engine reports failures as gRPC status codes so that every transport (gRPC, WebChannel,
 * REST) can map them the same way the official emulator does.
 */

const STATUS_NAMES: Record<number, string> = {
  0: 'OK',
  1: 'CANCELLED',
  2: 'UNKNOWN',
  3: 'INVALID_ARGUMENT',
  4: 'DEADLINE_EXCEEDED',
  5: 'NOT_FOUND',
  6: 'ALREADY_EXISTS',
  7: 'PERMISSION_DENIED',
  8: 'RESOURCE_EXHAUSTED',
  9: 'FAILED_PRECONDITION',
  10: 'ABORTED',
  11: 'OUT_OF_RANGE',
  12: 'UNIMPLEMENTED',
  13: 'INTERNAL',
  14: 'UNAVAILABLE',
  15: 'DATA_LOSS',
  16: 'UNAUTHENTICATED',
};

export const Code = {
  INVALID_ARGUMENT: 3,
  NOT_FOUND: 5,
  ALREADY_EXISTS: 6,
  PERMISSION_DENIED: 7,
  RESOURCE_EXHAUSTED: 8,
  FAILED_PRECONDITION: 9,
  ABORTED: 10,
  UNIMPLEMENTED: 12,
  INTERNAL: 13,
} as const;

export class RpcError extends Error {
  constructor(
    public code: number,
    message: string,
  ) {
    super(message);
    this.name = 'RpcError';
  }

  get status(): string {
    return STATUS_NAMES[this.code] ?? 'UNKNOWN';
  }
}

export function invalidArgument(message: string): RpcError {
  return new RpcError(Code.INVALID_ARGUMENT, message);
}

/** Non-RpcError exceptions are engine bugs; surface them as INTERNAL rather than crash a stream. */
export function toRpcError(err: unknown): RpcError {
  if (err instanceof RpcError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new RpcError(Code.INTERNAL, message);
}
