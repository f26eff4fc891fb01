#!/usr/bin/env node
/**
 * `notenest-emulator start [--config firebase.json] [--project demo-x] [--storage-port N]
 *   [--firestore-host H:P] [--functions-host H:P] [--import DIR] [--export-on-exit DIR]`
 *
 * Starts the Cloud Storage emulator. `--firestore-host` (default: FIRESTORE_EMULATOR_HOST) is the
 * Cloud Firestore emulator that `firestore.get()` in storage rules reads; `--functions-host`
 * (default: FUNCTIONS_EMULATOR_HOST) is the Cloud Functions emulator that object events go to.
 *
 * `--import DIR` of a directory that does not exist yet starts empty (with a note on stderr), so
 * `--import D --export-on-exit D` keeps data across restarts from the very first run.
 *
 * Prints one line containing `ready` and the addresses once every port accepts connections, so
 * scripts can wait for it. SIGINT/SIGTERM stop cleanly: new writes are refused (503) and the
 * running ones finish, then the data is exported when asked, then the server closes.
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EmulatorOptions } from './server.js';

export interface CliOptions {
  command: 'start' | 'help';
  config?: string;
  project?: string;
  storagePort?: number;
  firestoreHost?: string;
  functionsHost?: string;
  importDir?: string;
  exportOnExit?: string;
}

export const USAGE = `Usage: notenest-emulator start [--config firebase.json] [--project demo-x]
                         [--storage-port N] [--firestore-host HOST:PORT] [--functions-host HOST:PORT]
                         [--import DIR] [--export-on-exit DIR]`;

export class UsageError extends Error {}

/** A repeat of the stop signal within this window is the same Ctrl-C delivered twice. */
const DUPLICATE_SIGNAL_MS = 1000;

function parsePort(flag: string, v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new UsageError(`${flag}: not a port: ${v}`);
  return n;
}

function hostPort(flag: string, v: string): string {
  const m = /^([^:]+):(\d+)$/.exec(v);
  if (!m) throw new UsageError(`${flag}: expected HOST:PORT, not ${v}`);
  parsePort(flag, m[2]!);
  return v;
}

export function parseArgs(argv: string[]): CliOptions {
  const args = [...argv];
  const command = args.shift();
  if (command === undefined || command === 'help' || command === '--help' || command === '-h')
    return { command: 'help' };
  if (command !== 'start') throw new UsageError(`Unknown command: ${command}`);
  const out: CliOptions = { command: 'start' };
  while (args.length) {
    const arg = args.shift()!;
    if (arg === '--help' || arg === '-h') return { command: 'help' };
    const eq = arg.indexOf('=');
    const flag = eq > 0 && arg.startsWith('--') ? arg.slice(0, eq) : arg;
    const value = (): string => {
      if (eq > 0 && arg.startsWith('--')) return arg.slice(eq + 1);
      const v = args.shift();
      if (v === undefined || v.startsWith('--')) throw new UsageError(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case '--config':
        out.config = value();
        break;
      case '--project':
        out.project = value();
        break;
      case '--firestore-host':
        out.firestoreHost = hostPort(flag, value());
        break;
      case '--functions-host':
        out.functionsHost = hostPort(flag, value());
        break;
      case '--storage-port':
        out.storagePort = parsePort(flag, value());
        break;
      case '--import':
        out.importDir = value();
        break;
      case '--export-on-exit':
        out.exportOnExit = value();
        break;
      default:
        throw new UsageError(`Unknown option: ${arg}`);
    }
  }
  return out;
}

interface FirebaseJson {
  emulators?: Record<string, { host?: string; port?: number } | undefined>;
  storage?: { rules?: string } | { rules?: string }[];
}

function rulesOf(section: FirebaseJson['storage']): string | undefined {
  const s = Array.isArray(section) ? section[0] : section;
  return typeof s?.rules === 'string' ? s.rules : undefined;
}

/**
 * Combine flags, firebase.json and the environment into startEmulator options (pure: reads only
 * `configText` and `env`).
 */
export function resolveOptions(
  cli: CliOptions,
  configText?: string,
  configDir = process.cwd(),
  env: Record<string, string | undefined> = process.env,
): EmulatorOptions {
  let config: FirebaseJson = {};
  if (configText !== undefined) {
    try {
      config = JSON.parse(configText) as FirebaseJson;
    } catch (err) {
      throw new UsageError(`Cannot parse config: ${(err as Error).message}`);
    }
  }
  const stCfg = config.emulators?.storage;
  const opts: EmulatorOptions = {
    projectId: cli.project ?? env['GCLOUD_PROJECT'] ?? 'demo-project',
    storage: {
      host: stCfg?.host ?? '127.0.0.1',
      port: cli.storagePort ?? stCfg?.port ?? 9199,
    },
  };
  const r = rulesOf(config.storage);
  if (r) opts.rules = { storage: path.resolve(configDir, r) };
  const firestoreHost = cli.firestoreHost ?? env['FIRESTORE_EMULATOR_HOST'];
  if (firestoreHost) opts.firestoreHost = firestoreHost;
  const functionsHost = cli.functionsHost ?? env['FUNCTIONS_EMULATOR_HOST'];
  if (functionsHost) opts.functionsHost = functionsHost;
  if (cli.importDir) opts.importDir = path.resolve(cli.importDir);
  return opts;
}

export async function main(argv: string[]): Promise<number> {
  let cli: CliOptions;
  let options: EmulatorOptions;
  try {
    cli = parseArgs(argv);
    if (cli.command === 'help') {
      process.stdout.write(USAGE + '\n');
      return 0;
    }
    let configText: string | undefined;
    let configDir = process.cwd();
    const configPath = cli.config ?? (existsSync('firebase.json') ? 'firebase.json' : undefined);
    if (configPath) {
      try {
        configText = readFileSync(configPath, 'utf8');
      } catch (err) {
        throw new UsageError(`Cannot read config ${configPath}: ${(err as Error).message}`);
      }
      configDir = path.dirname(path.resolve(configPath));
    }
    options = resolveOptions(cli, configText, configDir);
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`${err.message}\n${USAGE}\n`);
      return 2;
    }
    throw err;
  }

  if (options.importDir && !existsSync(options.importDir)) {
    // First run of `--import D --export-on-exit D`: nothing saved yet, start empty.
    process.stderr.write(`import: ${options.importDir} does not exist yet; starting empty\n`);
    delete options.importDir;
  }

  const { startEmulator } = await import('./server.js');
  const running = await startEmulator(options);
  // Signal handlers go in before the ready line so a supervisor reacting to it at once is safe.
  const exitCode = new Promise<number>((resolve) => {
    let stopping = false;
    let firstSignalAt = 0;
    const stop = async (signal: string) => {
      if (stopping) {
        // Ctrl-C under `npm start` arrives twice at once: from the terminal (whole process group)
        // and forwarded by npm. Only a later, deliberate second signal forces an exit.
        if (Date.now() - firstSignalAt < DUPLICATE_SIGNAL_MS) return;
        // A second signal while exporting: give up at once.
        process.stderr.write(`${signal} again, exiting without waiting\n`);
        resolve(130);
        return;
      }
      stopping = true;
      firstSignalAt = Date.now();
      let code = 0;
      try {
        // Writes first stop being accepted (503) and those running finish: a write acknowledged
        // while the export was being read would otherwise be missing after the next start.
        await running.refuseWrites();
        if (cli.exportOnExit) {
          await running.exportTo(path.resolve(cli.exportOnExit));
          process.stderr.write(`exported to ${path.resolve(cli.exportOnExit)}\n`);
        }
      } catch (err) {
        process.stderr.write(`export failed: ${(err as Error).message}\n`);
        code = 1;
      }
      await running.stop();
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
      resolve(code);
    };
    const onInt = () => void stop('SIGINT');
    const onTerm = () => void stop('SIGTERM');
    process.on('SIGINT', onInt);
    process.on('SIGTERM', onTerm);
  });

  const parts = [
    `project=${options.projectId}`,
    `storage=http://${running.storage.host}:${running.storage.port}`,
  ];
  if (options.firestoreHost) parts.push(`firestore=${options.firestoreHost}`);
  if (options.functionsHost) parts.push(`functions=${options.functionsHost}`);
  process.stdout.write(`notenest-emulator ready ${parts.join(' ')}\n`);
  return exitCode;
}

function invokedDirectly(): boolean {
  if (!process.argv[1]) return false;
  try {
    return realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (invokedDirectly()) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`notenest-emulator: ${(err as Error)?.stack ?? String(err)}\n`);
      process.exit(1);
    },
  );
}
