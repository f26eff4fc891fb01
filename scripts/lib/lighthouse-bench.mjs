/**
 * Issue 20: Lighthouse mobile (its defaults: simulated slow 4G, 4x CPU slowdown) on the public
 * routes, signed out, and on the note page signed in, LIGHTHOUSE_RUNS times each (default 5):
 * the median, min and max of the performance score, LCP, TBT and CLS next to the targets.
 * Issue 31: the signed-in app too (/profile, /uploading-notes as a student, /admin-dashboard as
 * the admin).
 *
 * Signed in: a Chromium of our own with a DevTools port and a profile where the route's account
 * has signed in (ctx.signIn, given a page of that browser); Lighthouse drives that browser
 * (--port). Its storage reset between runs clears the HTTP cache, service workers and Cache
 * Storage but not IndexedDB, where Firebase Auth keeps the session (Lighthouse's default
 * clearStorageTypes): each run is a returning user's visit with nothing cached, as the signed-out
 * runs are. ctx.checkSignedIn(page, url) then proves the session outlived the runs (a guarded
 * route shows the sign-in form to a visitor, which would otherwise be what was measured).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './stack.mjs';

export const LIGHTHOUSE_TARGETS = { performance: 0.95, lcpMs: 2500, tbtMs: 200, cls: 0.05 };

/** One Lighthouse run: scores and the metrics' numeric values. */
export function lighthouse(root, url, { chrome, chromeArgs, port, log = () => {} }) {
  const args = [
    path.join(root, 'node_modules/lighthouse/cli/index.js'),
    url,
    '--only-categories=performance,accessibility',
    '--output=json',
    '--quiet',
  ];
  // With LIGHTHOUSE_JSON_DIR, the report goes there with its trace and DevTools log beside it
  // (--save-assets: <report>-0.trace.json, for DevTools' Performance panel); else to stdout.
  const dir = process.env.LIGHTHOUSE_JSON_DIR;
  const file = dir
    ? path.join(dir, `lighthouse-${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`)
    : null;
  args.push(`--output-path=${file ?? 'stdout'}`);
  if (file) args.push('--save-assets');
  if (port) args.push(`--port=${port}`);
  else args.push(`--chrome-flags=--headless=new ${chromeArgs.join(' ')}`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, CHROME_PATH: chrome },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse ${url} exited ${code}`));
      if (file)
        log(`Lighthouse report: ${file} (trace: ${file.replace(/\.json$/, '-0.trace.json')})`);
      const lhr = JSON.parse(file ? readFileSync(file, 'utf8') : out);
      const audit = (id) => lhr.audits[id]?.displayValue ?? '?';
      const value = (id) => lhr.audits[id]?.numericValue ?? NaN;
      resolve({
        performance: lhr.categories.performance.score,
        accessibility: lhr.categories.accessibility.score,
        fcpMs: value('first-contentful-paint'),
        lcpMs: value('largest-contentful-paint'),
        tbtMs: value('total-blocking-time'),
        cls: value('cumulative-layout-shift'),
        // Lighthouse's own measure of the CPU's speed, taken as the run starts (higher is
        // faster): its simulated TBT is the observed main-thread work times 4, so a machine
        // slowed by its neighbours scores worse for the same page.
        benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
        finalUrl: lhr.finalDisplayedUrl,
        lcpElement:
          lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node
            ?.snippet ?? '',
        detail: `FCP ${audit('first-contentful-paint')}, LCP ${audit('largest-contentful-paint')}, TBT ${audit('total-blocking-time')}`,
      });
    });
  });
}

/**
 * A Chromium with a DevTools port where `account` is signed in; check(url) fails unless `url`
 * shows the signed-in app there; stop() ends it.
 */
async function signedInBrowser({ chrome, chromeArgs, chromium, signIn, checkSignedIn }, account) {
  const port = await freePort();
  const profile = await mkdtemp(path.join(os.tmpdir(), 'nn-lighthouse-'));
  const proc = spawn(
    chrome,
    [
      '--headless=new',
      ...chromeArgs,
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  let browser;
  for (let i = 0; i < 50 && !browser; i++) {
    browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`).catch(async () => {
      await new Promise((r) => setTimeout(r, 200));
      return undefined;
    });
  }
  if (!browser) throw new Error('Chromium for the signed-in runs did not start');
  const page = await browser.contexts()[0].newPage();
  await signIn(page, account.email, account.password);
  await page.close();
  return {
    port,
    account,
    async check(url) {
      const check = await browser.contexts()[0].newPage();
      try {
        await checkSignedIn(check, url);
      } catch (error) {
        throw new Error(`${url} was not signed in as ${account.email} after Lighthouse's runs`, {
          cause: error,
        });
      } finally {
        await check.close();
      }
    },
    async stop() {
      await browser.close().catch(() => {});
      // The profile goes once Chromium has exited (it writes there until then).
      const exited = new Promise((resolve) => proc.once('exit', resolve));
      if (proc.exitCode === null) proc.kill();
      await exited;
      await rm(profile, { recursive: true, force: true, maxRetries: 5 }).catch(() => {});
    },
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Every route's runs, then a row per route and metric: median (min-max) next to its target.
 * `routes`: [label, url, { signedIn: account }]; `signedIn: true` is ctx.account. Routes of one
 * account are best listed together: one signed-in Chromium runs at a time.
 */
export async function lighthouseFigures(ctx, allRoutes, rows) {
  const runs = Number(process.env.LIGHTHOUSE_RUNS) || 5;
  // LIGHTHOUSE_ROUTES=/sign-in,/about: only those labels (a quicker loop while working on one).
  const only = process.env.LIGHTHOUSE_ROUTES?.split(',').map((r) => r.trim());
  const routes = only ? allRoutes.filter(([label]) => only.includes(label)) : allRoutes;
  // LIGHTHOUSE_BUSY=n: n processes spin the CPU meanwhile (a busy machine: the targets must hold).
  const spinners = Array.from({ length: Number(process.env.LIGHTHOUSE_BUSY) || 0 }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
  if (spinners.length) ctx.log(`Lighthouse with ${spinners.length} busy CPU spinner(s)`);
  /** The signed-in Chromium of the account the current route needs. */
  let signedIn = null;
  const browserFor = async (account) => {
    if (signedIn?.account.email === account.email) return signedIn;
    await signedIn?.stop();
    signedIn = null;
    ctx.log(`signing in as ${account.email} for Lighthouse`);
    signedIn = await signedInBrowser(ctx, account);
    return signedIn;
  };
  try {
    for (const [label, url, options] of routes) {
      const account = options?.signedIn === true ? ctx.account : options?.signedIn;
      const browser = account ? await browserFor(account) : null;
      const results = [];
      for (let i = 1; i <= runs; i++) {
        ctx.log(`Lighthouse ${label}, run ${i} of ${runs}`);
        results.push(await lighthouse(ctx.root, url, { ...ctx, port: browser?.port }));
      }
      await browser?.check(url);
      // A guard that sent a run elsewhere (an admin route to a student) measured another page.
      const pathOf = (u) => new URL(u).pathname;
      const elsewhere = results.filter((r) => pathOf(r.finalUrl) !== pathOf(url));
      if (account && elsewhere.length)
        throw new Error(`Lighthouse ${label} ended on ${elsewhere.map((r) => r.finalUrl)}`);
      const stat = (key) => {
        const xs = results.map((r) => r[key]);
        return { med: median(xs), min: Math.min(...xs), max: Math.max(...xs) };
      };
      const p = stat('performance');
      const lcp = stat('lcpMs');
      const tbt = stat('tbtMs');
      const cls = stat('cls');
      const cpu = stat('benchmarkIndex');
      const t = LIGHTHOUSE_TARGETS;
      const ok = (good) => (good ? 'OK' : 'MISS');
      rows.push([
        `Lighthouse ${label}`,
        `performance ${p.med.toFixed(2)} (${p.min.toFixed(2)}-${p.max.toFixed(2)}), ` +
          `LCP ${(lcp.med / 1000).toFixed(1)} s (${(lcp.min / 1000).toFixed(1)}-${(lcp.max / 1000).toFixed(1)}), ` +
          `TBT ${tbt.med.toFixed(0)} ms (${tbt.min.toFixed(0)}-${tbt.max.toFixed(0)}), ` +
          `CLS ${cls.med.toFixed(3)} (${cls.min.toFixed(3)}-${cls.max.toFixed(3)}), ` +
          `accessibility ${stat('accessibility').med.toFixed(2)}, ` +
          `CPU benchmarkIndex ${cpu.med.toFixed(0)} (${cpu.min.toFixed(0)}-${cpu.max.toFixed(0)})`,
        `>= ${t.performance} ${ok(p.med >= t.performance)}, LCP <= ${t.lcpMs / 1000} s ${ok(lcp.med <= t.lcpMs)}, ` +
          `TBT <= ${t.tbtMs} ms ${ok(tbt.med <= t.tbtMs)}, CLS <= ${t.cls} ${ok(cls.med <= t.cls)}`,
      ]);
      // Empty when the element painted first is gone: the prerendered page, replaced by the app.
      ctx.log(`${label}: LCP element ${results[0].lcpElement || '(prerendered, since replaced)'}`);
    }
  } finally {
    await signedIn?.stop();
    for (const spinner of spinners) spinner.kill();
  }
}
