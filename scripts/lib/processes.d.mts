/** A process as recorded in a stack's pid file. */
export interface ProcessRecord {
  tag: string;
  pid: number;
  pgid: number;
  starttime: string;
  cmdline: string;
}

export interface ProcessInfo {
  pid: number;
  ppid: number;
  pgid: number;
  starttime: string;
  cmdline: string;
}

export function processInfo(pid: number): ProcessInfo | null;
export function recordOf(pid: number, tag: string): ProcessRecord | null;
export function isRunning(record: ProcessRecord): boolean;
export function descendantsOf(pids: number[]): Map<number, ProcessInfo>;
export function killRecords(records: ProcessRecord[]): void;
export function waitUntilGone(records: ProcessRecord[], timeoutMs: number): Promise<boolean>;
export function stopRecords(
  records: ProcessRecord[],
  options?: { leaders?: string[]; graceMs?: number },
): Promise<ProcessRecord[]>;
export function readPidFile(file: string): {
  id: string;
  leaders?: string[];
  supervisor?: ProcessRecord;
  processes: ProcessRecord[];
} | null;
export function writePidFile(file: string, content: object): void;
export function removePidFile(file: string, id: string): void;
export function startReaper(
  pidFile: string,
  id: string,
): { record: ProcessRecord | null; release(): void };
