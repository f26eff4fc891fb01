/**
 * Per-file fixture: a unique project id (cleared before use) and lazily created drivers, closed
 * after the file. Browser drivers share one Chromium per file.
 */
import { afterAll, beforeAll, inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { clearProject, newProjectId, target } from './context.js';
import { AdminDriver } from './admin-driver.js';
import { launchChromium } from '../../src/testing/chromium.js';
import { browserWebDriver, nodeWebDriver, type Driver, type DriverKind } from './driver.js';

export const ALL_KINDS: DriverKind[] = ['admin', 'web-node', 'web-browser', 'web-browser-longpoll'];
export const WEB_KINDS: DriverKind[] = ['web-node', 'web-browser', 'web-browser-longpoll'];

export interface FileFixture {
  projectId: string;
  /** The shared driver of that kind for this file (created on first use). */
  driver(kind: DriverKind): Promise<Driver>;
  /** A second, independent client of that kind (its own connection and cache). */
  fresh(kind: DriverKind, projectId?: string): Promise<Driver>;
  admin(): Promise<AdminDriver>;
}

export function useFixture(): FileFixture {
  const projectId = newProjectId();
  const shared = new Map<DriverKind, Promise<Driver>>();
  const all: Promise<Driver>[] = [];
  let browser: Promise<Browser> | undefined;

  beforeAll(async () => {
    await clearProject(projectId);
  });
  afterAll(async () => {
    const ds = await Promise.allSettled(all);
    await Promise.all(ds.map((d) => (d.status === 'fulfilled' ? d.value.close() : undefined)));
    if (browser) await (await browser).close().catch(() => {});
  });

  async function create(kind: DriverKind, pid: string): Promise<Driver> {
    const hostPort = target().hostPort;
    if (kind === 'admin') return new AdminDriver(pid, hostPort);
    if (kind === 'web-node') return nodeWebDriver(pid, hostPort);
    const url = inject('browserAppUrl');
    if (!url) throw new Error(`browser bundle unavailable: ${inject('browserAppError')}`);
    browser ??= launchChromium();
    return browserWebDriver(await browser, url, pid, hostPort, kind === 'web-browser-longpoll');
  }

  const fx: FileFixture = {
    projectId,
    driver(kind) {
      let d = shared.get(kind);
      if (!d) {
        d = create(kind, projectId);
        shared.set(kind, d);
        all.push(d);
      }
      return d;
    },
    fresh(kind, pid = projectId) {
      const d = create(kind, pid);
      all.push(d);
      return d;
    },
    async admin() {
      return (await fx.driver('admin')) as AdminDriver;
    },
  };
  return fx;
}
