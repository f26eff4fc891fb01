import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DARK_SCHEME_QUERY,
  THEME_SCRIPT,
  THEME_STORAGE_KEY,
  applyTheme,
  chooseTheme,
  currentTheme,
  resolveTheme,
  watchTheme,
} from './theme';
import { ThemeToggle } from './theme-toggle';

/**
 * jsdom has no matchMedia: a stand-in for the system setting that can change while the page is
 * open, as the real one does (the OS switching to dark at sunset).
 */
function fakeSystemScheme(initial: 'light' | 'dark') {
  const listeners = new Set<(e: { matches: boolean }) => void>();
  let dark = initial === 'dark';
  const list = {
    media: DARK_SCHEME_QUERY,
    get matches() {
      return dark;
    },
    addEventListener: (_: string, l: (e: { matches: boolean }) => void) => listeners.add(l),
    removeEventListener: (_: string, l: (e: { matches: boolean }) => void) => listeners.delete(l),
  };
  window.matchMedia = ((query: string) => {
    expect(query).toBe(DARK_SCHEME_QUERY);
    return list;
  }) as unknown as typeof window.matchMedia;
  return {
    set(scheme: 'light' | 'dark') {
      dark = scheme === 'dark';
      for (const l of listeners) l({ matches: dark });
    },
    listeners,
  };
}

const html = document.documentElement;

/** A fresh page: no class on <html>, then the prerendered pages' inline head script. */
function runHeadScript() {
  html.className = '';
  // Indirect eval: in the global scope, as an inline <script> runs.
  (0, eval)(THEME_SCRIPT);
}

beforeEach(() => {
  localStorage.clear();
  html.className = '';
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('theme choice', () => {
  it('follows the system setting while the visitor has made no choice', () => {
    fakeSystemScheme('dark');
    expect(resolveTheme()).toBe('dark');
    runHeadScript();
    expect(html.className).toBe('dark');

    fakeSystemScheme('light');
    expect(resolveTheme()).toBe('light');
    runHeadScript();
    expect(html.className).toBe('light');
  });

  it('a remembered choice wins over the system setting', () => {
    fakeSystemScheme('dark');
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    expect(resolveTheme()).toBe('light');
    runHeadScript();
    expect(html.className).toBe('light');

    fakeSystemScheme('light');
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    expect(resolveTheme()).toBe('dark');
    runHeadScript();
    expect(html.className).toBe('dark');
  });

  it('ignores a stored value that is no theme, and storage that refuses to be read', () => {
    fakeSystemScheme('dark');
    localStorage.setItem(THEME_STORAGE_KEY, 'sepia');
    expect(resolveTheme()).toBe('dark');
    runHeadScript();
    expect(html.className).toBe('dark');

    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(resolveTheme()).toBe('dark');
    runHeadScript();
    expect(html.className).toBe('dark');
  });

  it('the head script leaves no global variable behind', () => {
    fakeSystemScheme('light');
    const before = new Set(Object.keys(window));
    runHeadScript();
    expect(Object.keys(window).filter((k) => !before.has(k))).toEqual([]);
    // The check itself sees a script's global (the same scope as the head script's).
    (0, eval)('var leaked = 1');
    expect(Object.keys(window).filter((k) => !before.has(k))).toEqual(['leaked']);
    delete (window as unknown as { leaked?: number }).leaked;
  });

  it('shows one theme class at a time, and remembers a choice', () => {
    fakeSystemScheme('light');
    applyTheme('dark');
    expect(html.className).toBe('dark');
    expect(currentTheme()).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    chooseTheme('light');
    expect(html.className).toBe('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });

  it('keeps up with the system setting until a choice is made, and with other tabs', () => {
    const system = fakeSystemScheme('light');
    runHeadScript();
    const onChange = vi.fn();
    const stop = watchTheme(onChange);
    system.set('dark');
    expect(html.className).toBe('dark');
    expect(onChange).toHaveBeenCalled();

    chooseTheme('light');
    system.set('dark');
    expect(html.className).toBe('light');

    // Another tab chose dark: its storage event reaches this one.
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY }));
    expect(html.className).toBe('dark');

    stop();
    expect(system.listeners.size).toBe(0);
  });
});

describe('ThemeToggle', () => {
  it('says what a press does, switches the theme and remembers it', () => {
    fakeSystemScheme('light');
    runHeadScript();
    render(<ThemeToggle />);
    const toggle = screen.getByRole('button', { name: 'Switch to dark theme' });
    expect(toggle).toHaveProperty('disabled', false);

    fireEvent.click(toggle);
    expect(html.className).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(toggle.getAttribute('aria-label')).toBe('Switch to light theme');

    fireEvent.click(toggle);
    expect(html.className).toBe('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(toggle.getAttribute('aria-label')).toBe('Switch to dark theme');
  });

  it('starts from the theme the head script chose, and follows a change made elsewhere', () => {
    fakeSystemScheme('dark');
    runHeadScript();
    render(<ThemeToggle />);
    expect(screen.getByRole('button').getAttribute('aria-label')).toBe('Switch to light theme');
    act(() => {
      localStorage.setItem(THEME_STORAGE_KEY, 'light');
      window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY }));
    });
    expect(screen.getByRole('button').getAttribute('aria-label')).toBe('Switch to dark theme');
  });
});
