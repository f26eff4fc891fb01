/**
 * Notifications and rejection records expire (issue 30): a TTL policy on `expireAt` for each
 * collection group, declared in firestore.indexes.json so a deploy sets it, and the one index
 * the daily sweep's collection-group query (`expireAt < now`, functions/src/services/
 * notifications.ts) needs. The emulator applies neither TTL nor index checks, so only this test
 * notices if the declaration goes missing.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface FieldOverride {
  collectionGroup: string;
  fieldPath: string;
  ttl?: boolean;
  indexes: { order?: string; arrayConfig?: string; queryScope: string }[];
}

const config = JSON.parse(
  readFileSync(new URL('../../firestore.indexes.json', import.meta.url), 'utf8'),
) as { fieldOverrides?: FieldOverride[] };

describe('TTL policies', () => {
  it.each(['notifications', 'rejections'])(
    '%s expire on expireAt, swept by a group query',
    (group) => {
      const override = (config.fieldOverrides ?? []).filter(
        (o) => o.collectionGroup === group && o.fieldPath === 'expireAt',
      );
      expect(override).toHaveLength(1);
      expect(override[0]!.ttl).toBe(true);
      expect(override[0]!.indexes).toContainEqual({
        order: 'ASCENDING',
        queryScope: 'COLLECTION_GROUP',
      });
    },
  );

  it('no other field carries a TTL policy', () => {
    const ttl = (config.fieldOverrides ?? []).filter((o) => o.ttl).map((o) => o.collectionGroup);
    expect(ttl.sort()).toEqual(['notifications', 'rejections']);
  });
});
