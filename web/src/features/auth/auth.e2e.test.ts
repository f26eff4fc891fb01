/**
 * Issue 7, authentication and the shell, against the whole stack (emulators, functions, Hosting of
 * web/dist, demo data) in headless Chromium: sign up, sign in by role, guards, header states,
 * mobile menu, session across reloads, sign-out, Google sign-in through the Auth emulator.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from '../../../../emulator/src/testing/chromium';
import { newPage, signInAs } from '../../../../test/support/stack';
import { adminFor, pathOf, signOutSettled, uniqueEmail } from '../../testing/e2e';

const stack = inject('testStack');
let browser: Browser;
const admin = adminFor(stack);

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await admin.close();
});

async function fresh(viewport?: { width: number; height: number }): Promise<Page> {
  const page = await newPage(browser, stack);
  if (viewport) await page.setViewportSize(viewport);
  return page;
}

const header = (page: Page) => page.locator('header');

describe('sign up and sign in', () => {
  it('signs up (Auth user + users/{uid} profile), lands on /sign-in, then signs in to /profile', async () => {
    const page = await fresh();
    const email = uniqueEmail('signup');
    await page.goto('/sign-up');
    await page.getByRole('heading', { level: 1, name: 'Create Account' }).waitFor();
    await page.getByLabel('Username').fill('Nisha Rao');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('secret123');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL((u) => u.pathname === '/sign-in');
    // Told the account is ready, with the email filled in.
    await page
      .getByRole('status')
      .filter({ hasText: 'Your account is ready. Sign in to continue.' })
      .waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);

    const user = await admin.auth.getUserByEmail(email);
    expect(user.displayName).toBe('Nisha Rao');
    const profile = (await admin.db.doc(`users/${user.uid}`).get()).data();
    expect(profile).toMatchObject({ username: 'Nisha Rao', email, role: 'user', notesCount: 0 });
    // Signed out again: the header offers "Sign in".
    await expect.poll(() => header(page).getByRole('link', { name: 'Sign in' }).count()).toBe(1);

    await signInAs(page, email, 'secret123');
    await page.waitForURL((u) => u.pathname === '/profile');
    await expect
      .poll(() =>
        header(page)
          .getByRole('link', { name: /Nisha Rao/ })
          .count(),
      )
      .toBe(1);
    await page.close();
  });

  it('shows the server message for a duplicate email in the error box', async () => {
    const page = await fresh();
    await page.goto('/sign-up');
    await page.getByLabel('Username').fill('Dup');
    await page.getByLabel('Email').fill('student1@notenest.dev');
    await page.getByLabel('Password').fill('whatever1');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('An account with this email already exists');
    expect(pathOf(page)).toBe('/sign-up');
    await page.close();
  });

  it('refuses a username taken in another case, or blank, before making an account', async () => {
    const page = await fresh();
    const email = uniqueEmail('copycat');
    await page.goto('/sign-up');
    // "Aarav Sharma" is a demo student's name.
    await page.getByLabel('Username').fill('  aarav SHARMA ');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('secret123');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('This username is already taken');
    await page.getByLabel('Username').fill('    ');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Username is required');
    expect(pathOf(page)).toBe('/sign-up');
    await expect(admin.auth.getUserByEmail(email)).rejects.toMatchObject({
      code: 'auth/user-not-found',
    });
    await page.close();
  });

  it('signs a student in to /profile with replace navigation, kept across reloads', async () => {
    const page = await fresh();
    await page.goto('/about');
    await signInAs(page, 'student1@notenest.dev', 'student1234');
    await page.waitForURL((u) => u.pathname === '/profile');
    await page.getByRole('heading', { level: 1, name: 'My Dashboard' }).waitFor();
    // replace: Back skips /sign-in and returns to /about.
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/about');
    await page.reload();
    await expect
      .poll(() =>
        header(page)
          .getByRole('link', { name: /Aarav Sharma/ })
          .count(),
      )
      .toBe(1);
    await page.goto('/profile');
    await page.getByRole('heading', { level: 1, name: 'My Dashboard' }).waitFor();
    await page.close();
  });

  it('signs the admin in to /admin-dashboard, with no site header; / sends the admin there', async () => {
    const page = await fresh();
    await signInAs(page, 'admin@notenest.dev', 'admin1234');
    await page.waitForURL((u) => u.pathname === '/admin-dashboard');
    // The address changes first; the sign-in screen stays until the admin area's chunk has
    // arrived and rendered (the router navigates in a transition). The area has a header of its
    // own ("Admin Dashboard"); the site's (.nn-header) is the one that must be gone.
    await page.getByRole('heading', { level: 2, name: 'Dashboard' }).waitFor();
    expect(await page.locator('header.nn-header').count()).toBe(0);
    expect(await page.locator('header').getByText('Admin Dashboard').count()).toBe(1);
    await page.goto('/');
    await page.waitForURL((u) => u.pathname === '/admin-dashboard');
    await page.close();
  });

  it('shows the error line for a wrong password and stays on the page', async () => {
    const page = await fresh();
    await page.goto('/signin');
    await page.getByLabel('Email').fill('student1@notenest.dev');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('Invalid email or password');
    expect(pathOf(page)).toBe('/signin');
    await page.close();
  });

  it('signs in with Google through the Auth emulator: a google.com user, the same one next time', async () => {
    const email = uniqueEmail('google');
    const page = await fresh();
    await page.goto('/sign-in');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const chooser = page.getByRole('region', { name: 'Choose a Google account' });
    await chooser.getByLabel('Google email').fill(email);
    await chooser.getByLabel('Name (optional)').fill('Gita Rao');
    await chooser.getByRole('button', { name: 'Continue' }).click();
    // Spec section 7: a Google sign-in goes to / (Home; an admin would be sent on).
    await page.waitForURL((u) => u.pathname === '/');
    await expect
      .poll(() =>
        page
          .locator('header')
          .getByRole('link', { name: /Gita Rao/ })
          .count(),
      )
      .toBe(1);

    // The Auth emulator verified a google.com credential: the account has that identity only.
    const user = await admin.auth.getUserByEmail(email);
    expect(user.providerData.map((p) => p.providerId)).toEqual(['google.com']);
    expect(user.displayName).toBe('Gita Rao');
    // The first sign-in created the user's profile document.
    await expect
      .poll(async () => (await admin.db.doc(`users/${user.uid}`).get()).get('role'))
      .toBe('user');

    // Signing out and choosing the same Google account again reaches the same Firebase user.
    await page.goto('/about');
    await page.locator('header').getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((u) => u.pathname !== '/profile');
    // Signed out for good (the SDK's sign-out has finished and the session hint is gone) before
    // reloading, or /signin would still find the user and send them on to /profile.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('notenest.session')))
      .toBeNull();
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.getByLabel('Google email').fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/');
    const users = await admin.auth.listUsers(1000);
    expect(users.users.filter((u) => u.email === email).map((u) => u.uid)).toEqual([user.uid]);
    await page.close();
  });
});

describe('guards, header and menu', () => {
  it('signing in from a guarded link (a shared note) lands on that page', async () => {
    const note = (await admin.db.collection('notes').where('approved', '==', true).limit(1).get())
      .docs[0]!;
    const page = await fresh();
    await page.goto(`/notes/${note.id}?from=share`);
    await page.waitForURL((u) => u.pathname === '/sign-in');
    // Signed in on the page the guard sent us to (signInAs would open /sign-in afresh).
    await page.getByLabel('Email').fill('student3@notenest.dev');
    await page.getByLabel('Password').fill('student1234');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((u) => u.pathname === `/notes/${note.id}`);
    expect(new URL(page.url()).search).toBe('?from=share');
    await page.getByRole('heading', { level: 1, name: note.get('title') as string }).waitFor();
    await page.close();
  });

  it('sends signed-out visitors of the guarded group to /sign-in, the admin area to /signin', async () => {
    const page = await fresh();
    for (const path of ['/profile', '/uploading-notes', '/update-notes/x', '/notes/x']) {
      await page.goto(path);
      await page.waitForURL((u) => u.pathname === '/sign-in');
    }
    await page.goto('/admin-dashboard');
    await page.waitForURL((u) => u.pathname === '/signin');
    await page.getByRole('heading', { level: 1, name: 'Sign In' }).waitFor();
    await page.close();
  });

  it('sends a signed-in student away from the admin area to / (Home)', async () => {
    const page = await fresh();
    await signInAs(page, 'student2@notenest.dev', 'student1234');
    await page.waitForURL((u) => u.pathname === '/profile');
    await page.goto('/admin-dashboard/users');
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('heading', { level: 1, name: /Share & Discover/ }).waitFor();
    await page.close();
  });

  it('header: brand with Pro badge, Home, About, Sign in; then name and sign-out', async () => {
    const page = await fresh();
    await page.goto('/');
    const h = header(page);
    await h.getByRole('link', { name: /NoteNest\s*Pro/ }).waitFor();
    expect(await h.getByRole('link', { name: 'Home' }).count()).toBe(1);
    expect(await h.getByRole('link', { name: 'About' }).count()).toBe(1);
    expect(await h.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/sign-in');

    await signInAs(page, 'student3@notenest.dev', 'student1234');
    await page.waitForURL((u) => u.pathname === '/profile');
    const profileLink = h.getByRole('link', { name: /Rohan Mehta/ });
    await profileLink.waitFor();
    expect(await profileLink.getAttribute('href')).toBe('/profile');
    // One Sign Out per page: My Dashboard has its own, so the header offers none there.
    await page.locator('main').getByRole('button', { name: 'Sign Out' }).waitFor();
    expect(await h.getByRole('button', { name: 'Sign Out' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Sign Out' }).count()).toBe(1);
    await page.goto('/about');
    await h.getByRole('button', { name: 'Sign Out' }).click();
    await h.getByRole('link', { name: 'Sign in' }).waitFor();
    await page.getByRole('heading', { level: 1, name: /Share & Discover/ }).waitFor();
    expect(pathOf(page)).toBe('/');
    await page.reload();
    await h.getByRole('link', { name: 'Sign in' }).waitFor();
    await page.goto('/profile');
    await page.waitForURL((u) => u.pathname === '/sign-in');
    await page.close();
  });

  it('mobile menu toggles and closes on navigation; signs out from the profile', async () => {
    const page = await fresh({ width: 390, height: 844 });
    await signInAs(page, 'student4@notenest.dev', 'student1234');
    await page.waitForURL((u) => u.pathname === '/profile');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    const menu = page.locator('#mobile-menu');
    await menu.getByRole('link', { name: /Ananya Iyer/ }).waitFor();
    await menu.getByRole('link', { name: 'About' }).click();
    await page.waitForURL((u) => u.pathname === '/about');
    expect(await menu.count()).toBe(0);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');

    await page.goto('/profile');
    await page.locator('main').getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    await page.getByRole('heading', { level: 1, name: /Share & Discover/ }).waitFor();
    // Still Home once the SDK's sign-out has reached the app (no guard redirected over it).
    await signOutSettled(page);
    expect(pathOf(page)).toBe('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#mobile-menu').getByRole('link', { name: 'Sign in' }).waitFor();
    await page.close();
  });
});
