// Benchmarks for @notenest/emulator. Prints figures; asserts nothing.
// Run from emulator/ after `npm run build` (that is what `npm run bench` does). Each part is its
// own module: storage.mjs (10 MiB up/down and the emulator's memory meanwhile), rules.mjs (rule
// evaluations per second). The emulator runs as the CLI in a child process.
import { rulesBench } from './rules.mjs';
import { storageBench } from './storage.mjs';

// Not on GCE: say so, or google-auth-library probes the metadata server over the network.
process.env.METADATA_SERVER_DETECTION ??= 'none';

const deadline = setTimeout(() => {
  console.error('bench: giving up after 150 s');
  process.exit(1);
}, 150_000);
deadline.unref();

const t0 = Date.now();
await storageBench();
await rulesBench();
console.log(`bench took ${((Date.now() - t0) / 1000).toFixed(0)} s`);
