/**
 * A stack's reaper: `node reaper.mjs <pid file> <stack id>`, started by scripts/lib/stack.mjs in a
 * session of its own, its stdin a pipe from the process that started the stack. Node has no
 * PR_SET_PDEATHSIG, but the kernel closes that pipe whenever that process ends, SIGKILL and
 * crashes included: then whatever the stack's pid file still lists as running is stopped (SIGINT
 * to the emulators so they export, then SIGKILL to everything left, process groups included), and
 * the pid file is removed. After a clean stop nothing is running any more and it simply exits.
 */
import { readPidFile, removePidFile, stopRecords } from './processes.mjs';

const [pidFile, id] = process.argv.slice(2);
if (!pidFile || !id) {
  process.stderr.write('usage: reaper.mjs <pid file> <stack id>\n');
  process.exit(2);
}

process.stdin.resume();
process.stdin.on('close', () => void reap());

async function reap() {
  const content = readPidFile(pidFile);
  // Another stack has since taken this data directory: its processes are not ours to stop.
  if (content?.id === id) {
    const others = content.processes.filter((r) => r.pid !== process.pid);
    await stopRecords(others, { leaders: content.leaders ?? [] });
    removePidFile(pidFile, id);
  }
  process.exit(0);
}
