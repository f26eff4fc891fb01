/**
 * The deployed entry: the `api` function (the real onRequest wrapper around the Express app), in
 * the Functions emulator of a whole stack (./testing/stack.ts), talking to Google's Firestore
 * emulator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from './testing/stack.js';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => {
  await stack?.stop();
});

describe('api function', () => {
  it('answers GET /api/health (the path behind the Hosting rewrite)', async () => {
    const res = await fetch(stack.url('/api/health'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ success: true, status: 'ok', service: 'notenest-api' });
  });

  it('answers GET /health (the function URL itself)', async () => {
    const res = await fetch(stack.url('/health'));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok' });
  });

  it('reaches Firestore through the Admin SDK with ?deep=true', async () => {
    const res = await fetch(stack.url('/api/health?deep=true'));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', firestore: 'ok' });
  });

  it('validates the query: 400 with the problem listed', async () => {
    const res = await fetch(stack.url('/api/health?deep=maybe'));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      success: false,
      message: 'deep must be true or false',
      errors: ['query.deep: deep must be true or false'],
    });
  });

  it('answers unknown routes with a JSON 404', async () => {
    const res = await fetch(stack.url('/api/nope'));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, message: 'No route for GET /api/nope' });
  });

  // Issue 29: the runtime reads and parses bodies up to its own 32 MB before the function runs, so
  // express.json's limit never applied (a 5 MB body was taken).
  it('refuses a JSON body over 1 MB with 413 before anything reads it', async () => {
    const body = JSON.stringify({
      email: 'nobody@example.test',
      password: 'secret123',
      padding: 'x'.repeat(1024 * 1024),
    });
    const res = await fetch(stack.url('/api/auth/signin'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      success: false,
      message: 'The request body is too large (at most 1 MB)',
    });
  });

  it('refuses a multipart body over the largest form (a 10 MB file) with 413 on any route', async () => {
    const boundary = '----big29';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="f"; filename="a.txt"\r\n\r\n`,
      ),
      Buffer.alloc(21 * 1024 * 1024, 0x61),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await fetch(stack.url('/api/auth/signup'), {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      success: false,
      message: 'The form is too large (files may be at most 10 MB)',
    });
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await fetch(stack.url('/api/health'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{nope',
    });
    expect(res.status).toBe(400);
    const text = await res.text();
    // In the Functions emulator (as on Cloud Functions) the runtime parses JSON bodies before the
    // function runs and answers a malformed one itself with Express's default 400 page (in the
    // emulator, NODE_ENV unset, that page shows body-parser's stack): the function never sees the
    // request (our own handler's JSON answer is checked in app.test.ts).
    expect(text).toMatch(/^<!DOCTYPE html>/);
  });
});
