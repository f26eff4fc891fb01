/**
 * The app's few inline icons (an icon library would be a dependency for a handful of paths).
 * Plain SVG, no Chakra: the prerendered visitor pages use them too.
 */
import type { ReactNode } from 'react';

/**
 * Every icon's frame: a 24-unit box, hidden from assistive technology (each icon sits in a
 * control that is named in words) and out of the tab order (old Edge focused SVGs).
 */
function IconSvg({ size, children }: { size: number; children: ReactNode }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

/** Drawn in the text colour, so an icon follows its control's colour in both themes. */
const LINE = { stroke: 'currentColor', strokeWidth: '2' } as const;

export function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <IconSvg size={18}>
      <path
        d="M12 21s-7.5-4.6-9.6-9.3C.9 8.3 3 4.5 6.7 4.5c2.1 0 3.6 1.1 4.3 2.5.7-1.4 2.2-2.5 4.3-2.5 3.7 0 5.8 3.8 4.3 7.2C19.5 16.4 12 21 12 21z"
        fill={filled ? 'currentColor' : 'none'}
        {...LINE}
        strokeLinejoin="round"
      />
    </IconSvg>
  );
}

export function CommentIcon() {
  return (
    <IconSvg size={18}>
      <path d="M4 5h16v11H9l-5 4V5z" fill="none" {...LINE} strokeLinejoin="round" />
    </IconSvg>
  );
}

/** The menu button's icon: three bars, or a cross while the menu is open (site header, admin). */
export function MenuIcon({ open, size = 22 }: { open: boolean; size?: number }) {
  return (
    <IconSvg size={size}>
      <path
        d={open ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'}
        {...LINE}
        strokeLinecap="round"
      />
    </IconSvg>
  );
}

/**
 * The theme toggle's icon: a moon (a press goes dark) or a sun (a press goes light). Both are in
 * the markup and base.css shows one from <html>'s theme class, so a prerendered page shows the
 * right one at first paint, before the app knows the theme.
 */
export function ThemeIcon({ size = 20 }: { size?: number }) {
  return (
    <IconSvg size={size}>
      <path
        className="nn-theme-icon__moon"
        d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z"
        fill="none"
        {...LINE}
        strokeLinejoin="round"
      />
      <g className="nn-theme-icon__sun" {...LINE} strokeLinecap="round">
        <circle cx="12" cy="12" r="4" fill="none" />
        <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
      </g>
    </IconSvg>
  );
}

/** The header's notifications bell. */
export function BellIcon({ size = 20 }: { size?: number }) {
  return (
    <IconSvg size={size}>
      <path
        d="M6 16V11a6 6 0 1 1 12 0v5l2 2H4l2-2zM10 20a2 2 0 0 0 4 0"
        fill="none"
        {...LINE}
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </IconSvg>
  );
}
