/**
 * Helpers for the web e2e suites (`*.e2e.test.ts`) on top of test/support/stack.ts: the Admin SDK
 * pointed at the run's stack (to check what the app left behind), unique test users, and small
 * page helpers. Test-only.
 */
import { deleteApp, getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { idTokenFor, type StackAddress } from '../../../test/support/stack';
import { SESSION_HINT_KEY } from '../features/auth/api/session';

/**
 * Polls until what a trigger or a listener derives shows up: up to a minute, because the
 * functions emulator queues trigger runs behind earlier ones, and with both test lanes busy a
 * count took over 20 s (a CI run). A poll ends as soon as it matches.
 */
export const eventually = <T>(fn: () => T | Promise<T>, timeout = 60_000) =>
  expect.poll(fn, { timeout, interval: 250 });

export const PROJECT = 'demo-notenest';
export const BUCKET = 'demo-notenest.appspot.com';

/** Admin SDK handles on the stack's emulators (the env vars are how the Admin SDK finds them). */
export function adminFor(stack: StackAddress) {
  process.env['FIREBASE_AUTH_EMULATOR_HOST'] = `${stack.host}:9099`;
  process.env['FIREBASE_STORAGE_EMULATOR_HOST'] = `${stack.host}:9199`;
  process.env['FIRESTORE_EMULATOR_HOST'] = `${stack.host}:8080`;
  const name = `e2e-${stack.host}`;
  const app: App =
    getApps().find((a) => a.name === name) ??
    initializeApp({ projectId: PROJECT, storageBucket: BUCKET }, name);
  return {
    auth: getAuth(app),
    db: getFirestore(app),
    bucket: getStorage(app).bucket(BUCKET),
    close: () => deleteApp(app),
  };
}

let counter = 0;
/** A unique email for this run (the stack is shared by every e2e file). */
export function uniqueEmail(tag: string): string {
  counter += 1;
  return `${tag}-${Date.now().toString(36)}-${counter}@e2e.notenest.dev`;
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/**
 * Resolves once the Auth SDK's sign-out has reached the app (the session hint is removed when the
 * SDK has signed out: session-api.ts, session-provider.tsx) and the page has rendered twice since,
 * so whatever the app does on it (a guard's redirect) has been done. A "still on Home after
 * signing out" check waits for this rather than for a fixed time.
 */
export async function signOutSettled(page: Page): Promise<void> {
  await page.waitForFunction((key) => localStorage.getItem(key) === null, SESSION_HINT_KEY);
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
  );
}

/** A small valid PNG of about `bytes` bytes (a 1x1 image followed by padding in a text chunk). */
export function pngOfSize(bytes: number): Buffer {
  const base = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  if (bytes <= base.length) return base;
  // Padding after IEND is ignored by decoders; the upload only needs the size and the type.
  return Buffer.concat([base, Buffer.alloc(bytes - base.length, 0)]);
}

/**
 * Deletes every note `uid` uploaded through the facade's admin delete (the cascade: file,
 * comments, likes, saved copies, counters), so a file's notes do not change what later files see
 * in Browse (newest first) on the shared stack.
 */
export async function deleteNotesOf(stack: StackAddress, uid: string) {
  const admin = adminFor(stack);
  const token = await idTokenFor(stack, ADMIN_ACCOUNT.email, ADMIN_ACCOUNT.password);
  const notes = await admin.db.collection('notes').where('uploaderId', '==', uid).get();
  for (const note of notes.docs) {
    const res = await fetch(`${stack.url}/api/admin/notes/${note.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    if (!res.ok) throw new Error(`deleting note ${note.id}: ${res.status} ${await res.text()}`);
  }
}

/** The seeded admin (README's demo accounts). */
export const ADMIN_ACCOUNT = { email: 'admin@notenest.dev', password: 'admin1234' } as const;

/**
 * Colours of an element as the user sees them: its text colour and the background behind its
 * text (the first non-transparent background from the element up; white at the top), and its
 * outline colour with the background around it (the same, from its parent up: a focus ring is
 * drawn outside the element).
 */
export async function coloursOf(locator: Locator): Promise<{
  color: string;
  background: string;
  outline: string;
  outlineStyle: string;
  around: string;
}> {
  return locator.evaluate((el) => {
    const backgroundFrom = (start: Element | null) => {
      for (let node = start; node; node = node.parentElement) {
        const bg = getComputedStyle(node).backgroundColor;
        if (bg && bg !== 'transparent' && !/^rgba\(.*,\s*0\)$/.test(bg)) return bg;
      }
      return 'rgb(255, 255, 255)';
    };
    const style = getComputedStyle(el);
    return {
      color: style.color,
      background: backgroundFrom(el),
      outline: style.outlineColor,
      outlineStyle: style.outlineStyle,
      around: backgroundFrom(el.parentElement),
    };
  });
}

/** WCAG contrast ratio of two `rgb()`/`rgba()` colours (alpha ignored). */
export function contrastRatio(a: string, b: string): number {
  const lum = (css: string) => {
    const [r, g, b] = (css.match(/[\d.]+/g) ?? ['0', '0', '0']).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/**
 * Resolves once the app has taken the page over (main.tsx removes #root's data-prerendered): until
 * then what is on screen is the document's own copy, prerendered or served by the function
 * (inert, and replaced by the app's).
 */
export async function appTookOver(page: Page, timeout = 30_000): Promise<void> {
  await expect
    .poll(() => page.locator('#root').getAttribute('data-prerendered'), { timeout })
    .toBeNull();
}

/**
 * Reloads `page` (a signed-in user's guarded page) and checks that the heading the document
 * itself paints (the prerendered frame of app/prerender.tsx, before any of the app's JS) is
 * visible, and is where the app's own heading is once the app has taken the page over and shows
 * what `ready` waits for (the page's data): a frame that the app moves, or replaces with
 * something else, fails.
 */
export async function expectReloadKeepsHeadingInPlace(
  page: Page,
  title: string,
  ready: (page: Page) => Promise<unknown>,
): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const h1 = document.querySelector('[data-prerendered] :is(.nn-if-session, .nn-if-admin) h1');
      const box = h1?.getBoundingClientRect();
      (window as unknown as { nnFrame: unknown }).nnFrame = h1 && {
        text: h1.textContent,
        visible: h1.checkVisibility(),
        top: box!.top,
        left: box!.left,
        height: box!.height,
      };
    });
  });
  await page.reload();
  await appTookOver(page);
  await ready(page);
  const frame = await page.evaluate(() => (window as unknown as { nnFrame: unknown }).nnFrame);
  // Measured in the page: the heading is the app's (the frame is gone), in one look.
  const app = await page.evaluate((text) => {
    const h1 = Array.from(document.querySelectorAll('h1')).find((h) => h.textContent === text);
    const box = h1?.getBoundingClientRect();
    return box ? { top: box.top, left: box.left, height: box.height } : null;
  }, title);
  expect(app).not.toBeNull();
  expect(frame).toEqual({
    text: title,
    visible: true,
    top: expect.closeTo(app!.top, 0) as number,
    left: expect.closeTo(app!.left, 0) as number,
    height: expect.closeTo(app!.height, 0) as number,
  });
}
