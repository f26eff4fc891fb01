import type { ReactNode } from 'react';
import { sectionTitle, type HomeSectionId } from '../content';

interface HomeSectionProps {
  id: HomeSectionId;
  children: ReactNode;
  /** Shown under the heading. */
  lead?: ReactNode;
  /** Background and spacing variants of home-page.css (`nn-home-section--<variant>`). */
  variant?: 'tinted' | 'accent' | 'compact';
}

/**
 * One landing-page section: a landmark labelled by its heading, with `data-home-section` so tests
 * can check the spec's order without depending on layout.
 */
export function HomeSection({ id, children, lead, variant }: HomeSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      data-home-section={id}
      className={variant ? `nn-home-section nn-home-section--${variant}` : 'nn-home-section'}
    >
      <div className="nn-container">
        <h2
          id={headingId}
          className={lead ? 'nn-heading nn-home-h2 nn-home-h2--with-lead' : 'nn-heading nn-home-h2'}
        >
          {sectionTitle(id)}
        </h2>
        {lead}
        {children}
      </div>
    </section>
  );
}
