/**
 * The offline notes' size rule (issue 32), pure so it is unit-tested: every kept file together
 * stays within OFFLINE_CACHE_MAX_BYTES (shared constants).
 */
import { OFFLINE_CACHE_MAX_BYTES, offlineTooBigMessage } from '@notenest/shared';

export const OFFLINE_MAX_MB = Math.round(OFFLINE_CACHE_MAX_BYTES / (1024 * 1024));

/** Why a file of `fileBytes` cannot be kept beside `usedBytes` already kept, or null. */
export function offlineSpaceProblem(
  usedBytes: number,
  fileBytes: number,
  maxBytes = OFFLINE_CACHE_MAX_BYTES,
): string | null {
  return usedBytes + fileBytes > maxBytes
    ? offlineTooBigMessage(Math.round(maxBytes / (1024 * 1024)))
    : null;
}

/**
 * The offline copies to free once Saved Notes has been read online: every kept note that is not
 * among the saved notes the reader can still read. That is a note deleted or back under review
 * (the rules refuse it now: it "left public view"), and one removed from Saved Notes elsewhere
 * (another device): a copy nobody can reach from Saved Notes would only hold space. Kept order.
 */
export function staleOfflineIds(kept: Iterable<string>, readable: Iterable<string>): string[] {
  const still = new Set(readable);
  return [...kept].filter((id) => !still.has(id));
}
