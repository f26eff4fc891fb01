// Preloaded (node --import) into the emulator child by bench/storage.mjs: answers 'mem' with
// process.memoryUsage() over the IPC channel and runs a full GC on 'gc' (the child runs with
// --expose-gc), so the bench can read the emulator's heap from outside. Nothing else changes.
if (process.send) {
  process.on('message', (m) => {
    if (m === 'gc') globalThis.gc?.();
    if (m === 'mem' || m === 'gc') process.send({ reply: m, mem: process.memoryUsage() });
  });
}
