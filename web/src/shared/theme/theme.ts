/**
 * The colour theme: the one place that decides light or dark. The choice is the visitor's own
 * (localStorage, remembered across visits and tabs) or, until they make one, the system setting
 * (prefers-color-scheme). It is shown by ONE class on <html>, `dark` or `light`: Chakra's
 * semantic tokens switch on `.dark` (its `_dark` condition), and our plain CSS reads those same
 * tokens (`var(--chakra-colors-bg)`, `--chakra-colors-fg-muted`...), so both sides follow it.
 *
 * THEME_SCRIPT is this module's logic as the inline <script> the prerendered pages run in their
 * <head> (app/prerender.tsx), before the body paints: the first paint is already in the right
 * theme, with no flash of the other one before the app's JS arrives. It is built from the
 * constants below, and theme.test.ts runs it against the functions here.
 */
export type Theme = 'light' | 'dark';

/** localStorage key of the visitor's choice ('light' or 'dark'; absent: follow the system). */
export const THEME_STORAGE_KEY = 'notenest.theme';
export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';
/** Dispatched on window when the theme on <html> changes (useTheme re-renders on it). */
export const THEME_CHANGE_EVENT = 'notenest:theme';

function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark';
}

/** The visitor's remembered choice, or null (none, or storage unavailable). */
export function storedTheme(): Theme | null {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(value) ? value : null;
  } catch {
    return null;
  }
}

export function systemTheme(): Theme {
  return typeof matchMedia === 'function' && matchMedia(DARK_SCHEME_QUERY).matches
    ? 'dark'
    : 'light';
}

/** The theme to show: the remembered choice wins over the system setting. */
export function resolveTheme(): Theme {
  return storedTheme() ?? systemTheme();
}

/** The theme <html> shows now (what the inline script or applyTheme set). */
export function currentTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

/** Shows `theme`: one of the two classes on <html>. */
export function applyTheme(theme: Theme): void {
  const { classList } = document.documentElement;
  if (classList.contains(theme) && !classList.contains(theme === 'dark' ? 'light' : 'dark')) {
    return;
  }
  classList.remove('light', 'dark');
  classList.add(theme);
  window.dispatchEvent(new Event(THEME_CHANGE_EVENT));
}

/** The visitor chose `theme` (the header's toggle): remembered, then shown. */
export function chooseTheme(theme: Theme): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage refused (private mode, quota): the choice holds for this page only.
  }
  applyTheme(theme);
}

/**
 * Keeps <html> in step with a choice made in another tab (storage event) and, while no choice
 * is remembered, with the system setting; calls `onChange` after each. Returns the unsubscribe.
 */
export function watchTheme(onChange: () => void): () => void {
  const update = () => {
    applyTheme(resolveTheme());
    onChange();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) update();
  };
  const media = typeof matchMedia === 'function' ? matchMedia(DARK_SCHEME_QUERY) : null;
  window.addEventListener('storage', onStorage);
  window.addEventListener(THEME_CHANGE_EVENT, onChange);
  media?.addEventListener('change', update);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(THEME_CHANGE_EVENT, onChange);
    media?.removeEventListener('change', update);
  };
}

/**
 * resolveTheme + applyTheme as the inline script of the prerendered pages' <head>, ES5 and
 * minimal (it runs before every first paint), in a function of its own (no global variable). firebase.json's Content-Security-Policy allows the
 * head script by its hash: changing this text changes the hash (prerender.test.ts says which).
 */
export const THEME_SCRIPT =
  `!function(){var t;try{t=localStorage.getItem('${THEME_STORAGE_KEY}')}catch(e){}` +
  `if(t!=='light'&&t!=='dark')t=window.matchMedia&&matchMedia('${DARK_SCHEME_QUERY}').matches?'dark':'light';` +
  `document.documentElement.classList.add(t)}();`;
