import { useCallback, useSyncExternalStore } from 'react';
import { chooseTheme, currentTheme, watchTheme, type Theme } from './theme';

/**
 * The theme <html> shows, and the toggle between the two (remembered: chooseTheme). While React
 * hydrates a prerendered page it reads 'light', the theme the page was rendered in (the server
 * knows no visitor's choice), then the real one right after: markup that depends on it never
 * mismatches the prerendered HTML.
 */
export function useTheme(): { theme: Theme; toggle: () => void } {
  const theme = useSyncExternalStore(watchTheme, currentTheme, () => 'light' as const);
  const toggle = useCallback(() => chooseTheme(currentTheme() === 'dark' ? 'light' : 'dark'), []);
  return { theme, toggle };
}

/** The toggle's accessible name: what pressing it does. */
export function themeToggleLabel(theme: Theme): string {
  return theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
}
