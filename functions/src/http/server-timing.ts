/**
 * `Server-Timing` (W3C): how long each step of an answer took, shown by the browser's network
 * panel and printed by the search bench (scripts/lib/search-bench.mjs), so a slow search says
 * whether the index, the read-back or the rest of the way took the time.
 */
export class ServerTiming {
  private readonly steps: string[] = [];

  /** Runs `fn`, recording its duration under `name` (a token: letters, digits, '-', '_'). */
  async time<T>(name: string, fn: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await fn();
    } finally {
      this.steps.push(`${name};dur=${(performance.now() - started).toFixed(1)}`);
    }
  }

  /** The header's value: the steps in the order they ended. */
  header(): string {
    return this.steps.join(', ');
  }
}
