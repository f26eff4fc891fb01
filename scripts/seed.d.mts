export interface SeedSummary {
  seeded: true;
  accounts: number;
  notes: number;
  approved: number;
  files: number;
  likes: number;
  comments: number;
  saved: number;
  colleges: number;
  ms: number;
}

export function seed(options?: {
  force?: boolean;
  log?: (line: string) => void;
}): Promise<SeedSummary | { seeded: false }>;
