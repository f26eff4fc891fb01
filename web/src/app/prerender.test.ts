/**
 * The prerendered route shells (prerender.tsx, written into web/dist by
 * build-plugins/prerender.ts): what each one holds before any script runs, and that Hosting's
 * configuration serves each route its shell and allows exactly the one inline script they carry.
 * The browser side (painted without the app's JS, then replaced by the app) is in
 * prerender.browser.test.ts.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cssOf, jsOf, pageHtml } from '../../build-plugins/prerender';
import { pageRewrites } from '../../build-plugins/service-worker';
import { rewriteFor } from '../testing/static-server';
import {
  PRERENDERED_SHELLS,
  HEAD_SCRIPT,
  SERVER_TEMPLATES,
  notePageHtml,
  renderShell,
  scriptSafeJson,
  withoutGlobalStyles,
} from './prerender';

const firebaseJson = JSON.parse(
  readFileSync(new URL('../../../firebase.json', import.meta.url), 'utf8'),
) as {
  hosting: {
    headers: { headers: { key: string; value: string }[] }[];
    rewrites: { source: string; destination?: string }[];
  };
};

function shell(file: string) {
  const found = PRERENDERED_SHELLS.find((s) => s.file === file);
  if (!found) throw new Error(`no shell ${file}`);
  return found;
}

/**
 * A two-variant shell's markup, cut at its variants' wrappers (`first` before `second`): what
 * lies between them, and what follows the second's class attribute.
 */
function variants(html: string, first: string, second: string) {
  const a = html.indexOf(`class="${first}"`);
  const b = html.indexOf(`class="${second}"`);
  expect(a).toBeGreaterThan(-1);
  expect(b).toBeGreaterThan(a);
  return [html.slice(a, b), html.slice(b)] as const;
}

describe('route shells', () => {
  it('Browse: the header, the heading and the list loading, with no script', async () => {
    const html = await renderShell(shell('browse.html'));
    expect(html).toContain('<h1 class="nn-heading nn-browse__title">Explore Shared Notes</h1>');
    expect(html).toContain('Loading notes...');
    expect(html).toContain('href="/sign-in"');
    expect(html).not.toContain('<script');
  });

  it('sign-in: the form in plain markup, no Chakra styles to carry', async () => {
    const html = await renderShell(shell('sign-in.html'));
    expect(html).toMatch(/<input[^>]*type="email"/);
    expect(html).toMatch(/<input[^>]*type="password"/);
    expect(html).not.toContain('data-emotion');
    expect(html).not.toContain('<script');
  });

  it.each([
    ['about.html', 'About NoteNest'],
    ['not-found.html', 'Page not found'],
  ])('%s: plain markup, no Chakra styles (the one UI rule)', async (file, heading) => {
    const html = await renderShell(shell(file));
    expect(html).toContain(heading);
    expect(html).not.toContain('data-emotion');
    // Every boundary complete and in place: nothing left for React's inline reveal scripts.
    expect(html).not.toContain('<template');
    expect(html).not.toContain('<script');
  });

  it('guarded routes: the sign-in form for a visitor and "Loading..." for a known session', async () => {
    const html = await renderShell(shell('guarded.html'));
    const [visitor, session] = variants(html, 'nn-if-visitor', 'nn-if-session');
    expect(visitor).toMatch(/type="password"/);
    expect(session).toContain('Loading...');
  });

  it('/notes/:id: the sign-in form for a visitor, and the note loading for a known session, no Chakra', async () => {
    const html = await renderShell(shell('note.html'));
    const [visitor, frame] = variants(html, 'nn-if-visitor', 'nn-if-session');
    expect(visitor).toMatch(/type="password"/);
    expect(frame).toMatch(/^class="nn-if-session" inert="">/);
    // What the returning reader's app first renders there: the note is read once it runs.
    expect(frame).toContain('Loading Notes...');
    expect(html).not.toContain('data-emotion');
  });

  it('/notes/:id from the function: the note for a known session, and as data for the app', async () => {
    const template = [
      '<html><head><meta',
      '      name="description"',
      '      content="NoteNest: notes for free." />',
      '<title>NoteNest – Share &amp; Discover</title></head>',
      '<body><div id="root"><!--nn-root--></div>\n  </body></html>',
    ].join('\n');
    const title = '</script><script>alert(1)</script> $& Notes';
    const document = {
      name: 'projects/demo-notenest/databases/(default)/documents/notes/n1',
      fields: {
        title: { stringValue: title },
        subjectName: { stringValue: 'Plant Physiology' },
        description: { stringValue: `"Quoted" <b>${'word '.repeat(40)}` },
        approved: { booleanValue: true },
        likesCount: { integerValue: '4' },
      },
    };
    const html = await notePageHtml(template, 'n1', document);
    // The tab, history and a shared link's preview name the note (escaped; the description cut).
    expect(html).toContain(
      '<title>&#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62; $&#38; Notes – NoteNest</title>',
    );
    const description = html.match(/<meta name="description" content="([^"]*)" \/>/)?.[1];
    expect(description).toMatch(/^&#34;Quoted&#34; &#60;b&#62;word word .*word…$/);
    expect(description?.replace(/&#\d+;/g, '_').length).toBeLessThanOrEqual(160);
    expect(description?.replace(/&#\d+;/g, '_').length).toBeGreaterThan(150);
    const [visitor, frame] = variants(html, 'nn-if-visitor', 'nn-if-session');
    expect(visitor).toMatch(/type="password"/);
    expect(frame).toContain(
      '<h1 id="note-title" class="nn-heading nn-note-header__title">&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; $&amp; Notes</h1>',
    );
    expect(frame).toContain('<span data-field="subject">Plant Physiology</span>');
    expect(frame).not.toContain('Loading Notes...');
    const data = html.match(/<script type="application\/json" id="nn-note">([^<]*)<\/script>/);
    expect(JSON.parse(data?.[1] ?? 'null')).toEqual({ id: 'n1', document });
    // Without a note (none the rules show everyone): note.html's markup, and no data.
    const without = await notePageHtml(template, 'n1', null);
    expect(without).toContain('Loading Notes...');
    expect(without).not.toContain('id="nn-note"');
    expect(without).toBe(template.replace('<!--nn-root-->', await renderShell(shell('note.html'))));
    // A note without a description keeps the site's.
    const { description: _, ...fields } = document.fields;
    expect(await notePageHtml(template, 'n1', { ...document, fields })).toContain(
      'content="NoteNest: notes for free."',
    );
  });

  it("/profile: the sign-in form for a visitor, and My Dashboard's frame for a known session", async () => {
    const html = await renderShell(shell('profile.html'));
    const [visitor, frame] = variants(html, 'nn-if-visitor', 'nn-if-session');
    expect(visitor).toMatch(/type="password"/);
    // The dashboard as a returning user's app first renders it (Chakra's styles beside it),
    // inert until the app takes over; its tabs' data loading.
    expect(frame).toMatch(/^class="nn-if-session" inert="">/);
    expect(frame).toMatch(/<h1 class="chakra-heading css-[\w-]+">My Dashboard<\/h1>/);
    expect(frame).toContain('data-emotion');
    expect(frame).toContain('role="tablist"');
    expect(frame).toContain('Loading...');
  });

  it("/uploading-notes: the sign-in form for a visitor, and the form's heading for a known session", async () => {
    const html = await renderShell(shell('uploading-notes.html'));
    const [visitor, frame] = variants(html, 'nn-if-visitor', 'nn-if-session');
    expect(visitor).toMatch(/type="password"/);
    expect(frame).toMatch(/^class="nn-if-session" inert="">/);
    expect(frame).toMatch(/<h1 class="chakra-heading css-[\w-]+">Share Your Knowledge<\/h1>/);
    expect(frame).toContain('An admin reviews every note before it is listed.');
    // The form itself waits for the upload-ban check.
    expect(frame).toContain('Loading...');
    expect(frame).not.toContain('<form');
  });

  it('the admin area: "Loading..." while the gate decides, and for a known admin the area\'s frame', async () => {
    const html = await renderShell(shell('admin.html'));
    const [others, frame] = variants(html, 'nn-if-not-admin', 'nn-if-admin');
    expect(others).toContain('Loading...');
    expect(frame).toMatch(/^class="nn-if-admin" inert="">/);
    expect(frame).toContain('Admin Panel');
    expect(frame).toMatch(/<h1 class="chakra-heading css-[\w-]+">Admin Dashboard<\/h1>/);
    // The sections' links, and the page loading: no admin data is read before Auth confirms.
    expect(frame).toContain('href="/admin-dashboard/users"');
    expect(frame).toContain('Loading...');
  });

  it('embeds JSON that no text can end the <script> with, and that reads back the same', () => {
    const value = { title: '</script><script>x()</script> <!-- & \u2028\u2029' };
    const json = scriptSafeJson(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });

  it('strips only emotion global style tags', () => {
    const html =
      '<style data-emotion="css-global abc">a{}</style><style data-emotion="css xyz">.x{}</style><p>hi</p>';
    expect(withoutGlobalStyles(html)).toBe('<style data-emotion="css xyz">.x{}</style><p>hi</p>');
  });
});

describe('Hosting configuration', () => {
  it.each([
    ['/', null],
    ['/about', 'about.html'],
    ['/sign-in', 'sign-in.html'],
    ['/signin', 'sign-in.html'],
    ['/sign-up', 'sign-up.html'],
    ['/profile', 'profile.html'],
    ['/uploading-notes', 'uploading-notes.html'],
    ['/update-notes/abc', 'guarded.html'],
    ['/admin-dashboard', 'admin.html'],
    ['/admin-dashboard/users', 'admin.html'],
    ['/no-such-page', 'not-found.html'],
  ])('serves %s its shell (%s)', (path, file) => {
    // "/" is index.html itself, served before any rewrite.
    if (file === null) {
      expect(PRERENDERED_SHELLS.some((s) => s.file === 'index.html' && s.url === '/')).toBe(true);
      return;
    }
    expect(rewriteFor(path)).toEqual({ file: `/${file}` });
    expect(PRERENDERED_SHELLS.map((s) => s.file)).toContain(file);
  });

  it('sends /browse and the note page to the function, which renders them with their data', () => {
    expect(rewriteFor('/browse')).toEqual({ functionId: 'api', source: '/browse' });
    expect(rewriteFor('/notes/abc')).toEqual({ functionId: 'api', source: '/notes/**' });
    expect(rewriteFor('/api/notes')).toEqual({ functionId: 'api', source: '/api/**' });
  });

  it("gives the service worker each rewritten route's page, a function's its prerendered one", () => {
    const files = PRERENDERED_SHELLS.map((s) => `/${s.file}`);
    const pages = new Map(pageRewrites(firebaseJson.hosting.rewrites, files));
    expect(pages.get('/browse')).toBe('/browse.html');
    expect(pages.get('/notes/**')).toBe('/note.html');
    expect(pages.get('/profile')).toBe('/profile.html');
    expect(pages.has('/api/**')).toBe(false);
    // The templates the function renders those pages from are those files' shells.
    for (const { shell } of SERVER_TEMPLATES) {
      expect([...pages.values()]).toContain(`/${shell.file}`);
    }
    // A rewrite to a page the build lacks fails the build (offline, it would serve a wrong page).
    expect(() =>
      pageRewrites(
        firebaseJson.hosting.rewrites,
        files.filter((f) => f !== '/note.html'),
      ),
    ).toThrow('/notes/**');
  });

  it('allows exactly the head script (theme and session flags) inline, by its hash', () => {
    const csp = firebaseJson.hosting.headers
      .flatMap((rule) => rule.headers)
      .find((h) => h.key === 'Content-Security-Policy')?.value;
    const scriptSrc = csp
      ?.split(';')
      .map((d) => d.trim().split(/\s+/))
      .find(([name]) => name === 'script-src');
    const hash = createHash('sha256').update(HEAD_SCRIPT).digest('base64');
    expect(scriptSrc).toEqual([
      'script-src',
      "'self'",
      `'sha256-${hash}'`,
      'https://apis.google.com',
    ]);
  });
});

describe('build plugin', () => {
  const manifest = {
    'index.html': { file: 'assets/index.js', css: ['assets/index.css'], imports: ['_shared.js'] },
    '_shared.js': { file: 'assets/shared.js', css: ['assets/shared.css'] },
    'src/page.tsx': {
      file: 'assets/page.js',
      css: ['assets/page.css'],
      imports: ['_shared.js', '_card.js'],
    },
    '_card.js': { file: 'assets/card.js', css: ['assets/card.css'] },
  };

  it("collects a chunk's CSS with its static imports', dependencies first", () => {
    expect(cssOf(manifest, 'src/page.tsx')).toEqual([
      'assets/shared.css',
      'assets/card.css',
      'assets/page.css',
    ]);
    expect(() => cssOf(manifest, 'src/missing.tsx')).toThrow(/not in the build manifest/);
  });

  it("collects chunks' JS with their static imports', each once, imports first", () => {
    expect(jsOf(manifest, ['src/page.tsx'])).toEqual([
      'assets/shared.js',
      'assets/card.js',
      'assets/page.js',
    ]);
    expect(jsOf(manifest, ['index.html', 'src/page.tsx'])).toEqual([
      'assets/shared.js',
      'assets/index.js',
      'assets/card.js',
      'assets/page.js',
    ]);
    expect(() => jsOf(manifest, ['src/missing.tsx'])).toThrow(/not in the build manifest/);
  });

  const built =
    '<html><head><title>t</title>' +
    '<script type="module" crossorigin src="/assets/index.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/react.js">' +
    '</head><body><div id="root"></div></body></html>';

  it('puts the markup in #root and the script and CSS in <head>', () => {
    const html = pageHtml(built, {
      markup: '<h1>Hi</h1>',
      css: ['assets/page.css'],
      headScript: 'flag()',
      appScriptsId: 'nn-app',
      preloadOnlyAttribute: 'data-nn-only',
    });
    expect(html).toContain('<script>flag()</script>');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/page.css">');
    expect(html).toContain('<div id="root" data-prerendered="hydrate"><h1>Hi</h1></div>');
    expect(html.indexOf('flag()')).toBeLessThan(html.indexOf('</head>'));
    const options = {
      markup: '',
      css: [],
      headScript: '',
      appScriptsId: 'nn-app',
      preloadOnlyAttribute: 'data-nn-only',
    };
    expect(() => pageHtml('<html></html>', options)).toThrow(/no empty #root/);
    expect(() =>
      pageHtml('<html><head></head><body><div id="root"></div></body></html>', options),
    ).toThrow(/no <script type="module">/);
  });

  const bare = {
    markup: '',
    css: [],
    headScript: 'start()',
    appScriptsId: 'nn-app',
    preloadOnlyAttribute: 'data-nn-only',
  };

  it("holds the app's script and preloads in a template before the head script, inert", () => {
    const html = pageHtml(built, bare);
    const template =
      '<template id="nn-app"><script type="module" crossorigin src="/assets/index.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/react.js"></template>';
    expect(html).toContain(template);
    // Only there: outside the template the browser would fetch and run them at once.
    expect(html.split('/assets/index.js')).toHaveLength(2);
    expect(html.split('/assets/react.js')).toHaveLength(2);
    expect(html.indexOf(template)).toBeLessThan(html.indexOf('<script>start()</script>'));
  });

  it("adds the page's chunks to the template as modulepreloads, none twice", () => {
    const html = pageHtml(built, { ...bare, preloads: ['assets/react.js', 'assets/page.js'] });
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/react.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/page.js"></template>',
    );
    expect(html.split('/assets/react.js')).toHaveLength(2);
  });

  it('marks a preload that only one variant of a guarded page needs', () => {
    const html = pageHtml(built, {
      ...bare,
      preloads: [
        'assets/shared.js',
        { href: 'assets/sign-in.js', only: 'visitor' },
        { href: 'assets/dashboard.js', only: 'session' },
      ],
    });
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/shared.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/sign-in.js" data-nn-only="visitor">' +
        '<link rel="modulepreload" crossorigin href="/assets/dashboard.js" data-nn-only="session">',
    );
  });
});
