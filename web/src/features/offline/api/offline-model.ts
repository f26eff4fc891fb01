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
