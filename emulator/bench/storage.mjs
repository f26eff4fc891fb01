// Storage figures: a 10 MiB upload (multipart and resumable) and a 10 MiB download through
// @google-cloud/storage against the CLI in a child process, in MiB/s, and how much the emulator
// process grows meanwhile: RSS from /proc/<pid>/status (VmHWM, reset before each transfer when
// the kernel allows, else the sampled maximum of VmRSS) and V8 heap / external memory from
// process.memoryUsage() in the child (asked over IPC by bench/memory-probe.mjs every 10 ms).
// `external` already includes `arrayBuffers` (every Buffer), so it is reported alone. Sampled
// without GC, off-heap growth is mostly per-chunk garbage (socket reads, fs streams) not yet
// collected; one more pass GCs before every sample to show what the emulator actually holds.
import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { now, pct, PROJECT, startCli, stopCli } from './lib.mjs';

const SIZE = 10 * 1024 * 1024;
const RUNS = 3;
const BUCKET = `${PROJECT}.appspot.com`;
const MiB = (b) => `${(b / 1024 / 1024).toFixed(1)} MiB`;

function procStatus(pid) {
  const out = {};
  for (const line of readFileSync(`/proc/${pid}/status`, 'utf8').split('\n')) {
    const m = /^(VmRSS|VmHWM):\s+(\d+) kB/.exec(line);
    if (m) out[m[1]] = Number(m[2]) * 1024;
  }
  return out;
}

/** Memory of the child during `fn`: deltas of the peaks over the (post-GC) baseline. */
function memoryWatcher(child) {
  const pid = child.pid;
  let waiting = new Map();
  let peak = null;
  child.on('message', (msg) => {
    if (peak && msg.mem) {
      peak.heapUsed = Math.max(peak.heapUsed, msg.mem.heapUsed);
      peak.offHeap = Math.max(peak.offHeap, msg.mem.external);
    }
    waiting.get(msg.reply)?.(msg.mem);
    waiting.delete(msg.reply);
  });
  const ask = (m) =>
    new Promise((resolve) => {
      waiting.set(m, resolve);
      child.send(m);
    });
  let canResetHwm = true;
  /** `live`: the child runs a full GC before each sample (slower transfers, live memory only). */
  return async function measure(fn, { live = false } = {}) {
    const base = await ask('gc');
    const baseRss = procStatus(pid).VmRSS;
    if (canResetHwm) {
      try {
        writeFileSync(`/proc/${pid}/clear_refs`, '5'); // resets VmHWM to the current RSS
      } catch {
        canResetHwm = false;
      }
    }
    peak = { heapUsed: base.heapUsed, offHeap: base.external, rss: baseRss };
    const timer = setInterval(() => {
      peak.rss = Math.max(peak.rss, procStatus(pid).VmRSS);
      child.send(live ? 'gc' : 'mem');
    }, 10);
    let result;
    try {
      result = await fn();
    } finally {
      clearInterval(timer);
    }
    await ask('mem');
    const st = procStatus(pid);
    const rssPeak = canResetHwm ? Math.max(st.VmHWM, peak.rss) : Math.max(peak.rss, st.VmRSS);
    const m = {
      baseRss,
      rss: rssPeak - baseRss,
      heapUsed: peak.heapUsed - base.heapUsed,
      offHeap: peak.offHeap - base.external,
      hwm: canResetHwm,
    };
    peak = null;
    return { result, mem: m };
  };
}

function pattern(n) {
  const b = Buffer.allocUnsafe(n);
  let x = 12345;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    b[i] = x >>> 16;
  }
  return b;
}

export async function storageBench() {
  const probe = new URL('./memory-probe.mjs', import.meta.url).href;
  const { child, storage } = await startCli(['--storage-port', '0'], {
    nodeArgs: ['--expose-gc', '--import', probe],
    ipc: true,
  });
  // teeny-request (under @google-cloud/storage) calls pipeline() on one PassThrough per 'reading'
  // event, which trips Node's listener-leak warning in this (client) process on 10 MiB bodies.
  EventEmitter.defaultMaxListeners = Math.max(EventEmitter.defaultMaxListeners, 64);
  const saved = process.env.STORAGE_EMULATOR_HOST;
  process.env.STORAGE_EMULATOR_HOST = `http://${storage}`;
  try {
    const { Storage } = await import('@google-cloud/storage');
    const bucket = new Storage({ projectId: PROJECT }).bucket(BUCKET);
    const measure = memoryWatcher(child);
    const data = pattern(SIZE);
    const md5 = createHash('md5').update(data).digest('hex');
    // warm up connections and code paths
    await bucket.file('bench/warm.bin').save(data.subarray(0, 64 * 1024), { resumable: false });
    await bucket.file('bench/warm.bin').download();

    const rates = { multipart: [], resumable: [], download: [] };
    const mems = { upload: [], download: [] };
    let verified = true;
    for (let r = 0; r < RUNS; r++) {
      for (const mode of ['multipart', 'resumable']) {
        const file = bucket.file(`bench/10mib-${mode}-${r}.bin`);
        const t0 = now();
        const { mem } = await measure(() =>
          file.save(data, {
            resumable: mode === 'resumable',
            contentType: 'application/octet-stream',
            validation: false,
          }),
        );
        rates[mode].push(SIZE / 1024 / 1024 / ((now() - t0) / 1000));
        mems.upload.push(mem);
      }
      const t0 = now();
      const { result, mem } = await measure(() =>
        bucket.file(`bench/10mib-multipart-${r}.bin`).download({ validation: false }),
      );
      rates.download.push(SIZE / 1024 / 1024 / ((now() - t0) / 1000));
      mems.download.push(mem);
      if (createHash('md5').update(result[0]).digest('hex') !== md5) verified = false;
    }
    const rate = (xs) => `${pct(xs, 50).toFixed(0)} MiB/s`;
    console.log(
      `storage 10 MiB via @google-cloud/storage (median of ${RUNS}): upload multipart ${rate(rates.multipart)}, ` +
        `resumable ${rate(rates.resumable)}; download ${rate(rates.download)}` +
        (verified ? '  (downloads byte-identical)' : '  (DOWNLOAD MISMATCH)'),
    );
    for (const [what, list] of Object.entries(mems)) {
      const max = (k) => Math.max(...list.map((m) => m[k]));
      console.log(
        `  emulator process during ${what}s: RSS ${MiB(list[0].baseRss)} before, peak +${MiB(max('rss'))}` +
          ` (${list[0].hwm ? 'VmHWM' : 'sampled VmRSS'}); V8 heapUsed peak +${MiB(max('heapUsed'))}, ` +
          `external peak +${MiB(max('offHeap'))}`,
      );
    }
    // One more transfer each way with a full GC before every sample: live memory only.
    const live = [];
    for (const mode of ['multipart', 'resumable']) {
      const { mem } = await measure(
        () =>
          bucket.file(`bench/live-${mode}.bin`).save(data, {
            resumable: mode === 'resumable',
            contentType: 'application/octet-stream',
            validation: false,
          }),
        { live: true },
      );
      live.push([`${mode} upload`, mem]);
    }
    const { mem: liveDown } = await measure(
      () => bucket.file('bench/live-multipart.bin').download({ validation: false }),
      { live: true },
    );
    live.push(['download', liveDown]);
    console.log(
      `  live (GC before each sample): ` +
        live
          .map(([w, m]) => `${w} heapUsed +${MiB(m.heapUsed)}, external +${MiB(m.offHeap)}`)
          .join('; '),
    );
  } finally {
    if (saved === undefined) delete process.env.STORAGE_EMULATOR_HOST;
    else process.env.STORAGE_EMULATOR_HOST = saved;
    await stopCli(child);
  }
}
