import type { HTMLAttributes, ReactNode } from 'react';

export interface AlertProps extends Omit<HTMLAttributes<HTMLElement>, 'role' | 'title'> {
  /**
   * - `text` (default): a red line beside what failed, e.g. under a form or a button (the spec's
   *   sign-in "error text line");
   * - `box`: the spec's red box (sign-up's "error box"), for a message that must stand out;
   * - `screen`: in place of a screen that could not be shown: `title` as its heading, then the
   *   children (what happened, usually a Try Again button).
   */
  variant?: 'text' | 'box' | 'screen';
  /** `screen` only: the heading. */
  title?: string;
  /** `screen` only: the heading's level (h2 where the page keeps its own h1). */
  heading?: 'h1' | 'h2';
  children?: ReactNode;
}

const CLASSES = { text: 'nn-alert', box: 'nn-alert nn-alert--box', screen: 'nn-state' } as const;

/**
 * Every error on the visitor-side pages (Home, About, Browse, sign-in and sign-up, the note page,
 * not-found), shown one way: plain markup and base.css, no Chakra (web/README.md, "One UI rule").
 * Always a live region (role="alert"). A `text` alert may be rendered empty and stay in place:
 * a screen reader announces a message put into an existing live region more reliably than one
 * that arrives with its region.
 */
export function Alert({
  variant = 'text',
  title,
  heading: Heading = 'h1',
  className,
  children,
  ...rest
}: AlertProps) {
  const classes = className ? `${CLASSES[variant]} ${className}` : CLASSES[variant];
  if (variant === 'screen') {
    return (
      <div role="alert" className={classes} {...rest}>
        {title && <Heading className="nn-heading nn-state__title">{title}</Heading>}
        {children}
      </div>
    );
  }
  const Tag = variant === 'box' ? 'div' : 'p';
  return (
    <Tag role="alert" className={classes} {...rest}>
      {children}
    </Tag>
  );
}
