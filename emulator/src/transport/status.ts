/**
 * gRPC status codes, their canonical names, and the HTTP statuses the REST API uses for them
 * (google.rpc.Code mapping, as documented for Google REST APIs).
 */
export const STATUS_NAMES = [
  'OK',
  'CANCELLED',
  'UNKNOWN',
  'INVALID_ARGUMENT',
  'DEADLINE_EXCEEDED',
  'NOT_FOUND',
  'ALREADY_EXISTS',
  'PERMISSION_DENIED',
  'RESOURCE_EXHAUSTED',
  'FAILED_PRECONDITION',
  'ABORTED',
  'OUT_OF_RANGE',
  'UNIMPLEMENTED',
  'INTERNAL',
  'UNAVAILABLE',
  'DATA_LOSS',
  'UNAUTHENTICATED',
] as const;

const HTTP_BY_CODE = [
  200, 499, 500, 400, 504, 404, 409, 403, 429, 400, 409, 400, 501, 500, 503, 500, 401,
];

export interface RpcFailure {
  code: number;
  message: string;
  status: string;
}

/**
 * Turn anything thrown by the engine or codec into a gRPC-style failure. Errors carrying a
 * numeric `code` between 1 and 16 (RpcError, CodecError) keep it; anything else is INTERNAL
 * so that bugs surface as errors instead of hanging the client.
 */
export function toRpcFailure(err: unknown): RpcFailure {
  const e = err as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'number' && e.code >= 1 && e.code <= 16 ? e.code : 13;
  const message = typeof e?.message === 'string' ? e.message : String(err);
  return { code, message, status: STATUS_NAMES[code]! };
}

export function httpStatusFor(code: number): number {
  return HTTP_BY_CODE[code] ?? 500;
}
