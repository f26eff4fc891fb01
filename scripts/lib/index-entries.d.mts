export interface IndexConfig {
  indexes?: {
    collectionGroup: string;
    fields: { fieldPath: string; order?: string; arrayConfig?: string }[];
  }[];
  fieldOverrides?: { collectionGroup: string; fieldPath: string; indexes?: unknown[] }[];
}
export function indexEntries(
  config: IndexConfig,
  collection: string,
  data: Record<string, unknown>,
): {
  single: number;
  composite: number;
  total: number;
  byIndex: { fields: string; entries: number }[];
};
