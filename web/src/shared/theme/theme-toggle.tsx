import { useHydrated } from '../utils/use-hydrated';
import { ThemeIcon } from '../ui/icons';
import { themeToggleLabel, useTheme } from './use-theme';
import './theme-toggle.css';

/**
 * The header's light/dark switch (plain markup: the site header is on the prerendered visitor
 * pages). Its name says what a press does ("Switch to dark theme"); the icon shows the theme a
 * press leads to, chosen by CSS from <html>'s class, so even the prerendered button shows the
 * right one before any script runs. `onDark`: on a dark bar in both themes (the admin bar).
 */
export function ThemeToggle({ onDark = false }: { onDark?: boolean }) {
  const { theme, toggle } = useTheme();
  // Prerendered, the button has no handler until the app takes over: a tap would do nothing.
  const live = useHydrated();
  return (
    <button
      type="button"
      className={`nn-button nn-button--ghost nn-theme-toggle${onDark ? ' nn-theme-toggle--on-dark' : ''}`}
      aria-label={themeToggleLabel(theme)}
      disabled={!live}
      onClick={toggle}
    >
      <ThemeIcon />
    </button>
  );
}
