/**
 * What `retry: true` does for a trigger, where the platform does not do it: the Functions
 * emulator. Deployed, a failed run of an event trigger is delivered again (2nd gen: with a
 * backoff of 10-600 s, for up to 24 hours), so a passing failure only delays derived data.
 * The emulator never delivers an event twice: a run that fails once (the Firestore emulator
 * aborts transactions that meet under load, "Transaction lock timeout", which production would
 * have retried) leaves the search index, a counter or a notification stale for good, locally
 * and in the test stacks.
 * There, the handler is run again in the same process, a few times with backoff, as the
 * platform would; each handler is idempotent (triggers/notes.ts), so a run that did half its
 * work is simply run again. Deployed, the handler is used as it is: one retry policy, the
 * platform's.
 */

export interface RedeliveryOptions {
  /** Runs in all, the first included. */
  attempts?: number;
  /** Wait before the second run; doubled before each later one. */
  firstDelayMs?: number;
  /** Whether the platform's own redelivery is missing (the Functions emulator sets this). */
  emulated?: boolean;
}

export function redelivered<A extends unknown[]>(
  name: string,
  handler: (...args: A) => Promise<void>,
  {
    attempts = 4,
    firstDelayMs = 1_000,
    emulated = process.env['FUNCTIONS_EMULATOR'] === 'true',
  }: RedeliveryOptions = {},
): (...args: A) => Promise<void> {
  if (!emulated) return handler;
  return async (...args: A) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await handler(...args);
      } catch (err) {
        if (attempt >= attempts) throw err;
        const delayMs = firstDelayMs * 2 ** (attempt - 1);
        // Logged with its reason: a failure that a later run hides is still worth reading.
        console.warn(
          `${name}: run ${attempt} of ${attempts} failed, running it again in ${delayMs} ms ` +
            `(the emulator does not redeliver events): ${(err as Error)?.stack ?? String(err)}`,
        );
        await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
    }
  };
}
