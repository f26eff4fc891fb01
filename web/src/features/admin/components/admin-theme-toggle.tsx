import { Button } from '@chakra-ui/react';
import { ThemeIcon } from '../../../shared/ui/icons';
import { themeToggleLabel, useTheme } from '../../../shared/theme/use-theme';

/**
 * The admin header's light/dark switch: the site header's ThemeToggle (shared/theme) as a Chakra
 * button, this side's primitive (web/README.md, "One UI rule"); same choice, name and icon.
 */
export function AdminThemeToggle() {
  const { theme, toggle } = useTheme();
  return (
    <Button size="sm" variant="ghost" px="0" aria-label={themeToggleLabel(theme)} onClick={toggle}>
      <ThemeIcon />
    </Button>
  );
}
