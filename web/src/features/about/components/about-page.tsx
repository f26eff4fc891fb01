import type { ReactNode } from 'react';
import {
  AUDIENCES,
  CONNECT_TEXT,
  CONTACT_EMAIL,
  IMPACT,
  KEY_FEATURES,
  MISSION,
  TEAM,
  WHAT,
  WHY_CHOOSE_US,
  aboutTitle,
  type AboutSectionId,
} from '../content';
import './about-page.css';

function AboutSection({
  id,
  children,
  band,
}: {
  id: AboutSectionId;
  children: ReactNode;
  /** The band's background (base.css `nn-band--<band>`). */
  band?: 'tinted' | 'accent';
}) {
  const headingId = `about-${id}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      data-about-section={id}
      className={band ? `nn-about-section nn-band--${band}` : 'nn-about-section'}
    >
      <div className="nn-container nn-about-section__inner">
        <h2 id={headingId} className="nn-heading nn-about-h2">
          {aboutTitle(id)}
        </h2>
        {children}
      </div>
    </section>
  );
}

/** A portrait drawn as an SVG (no third-party image host): the member's initials. */
function portrait(initials: string, color: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160">` +
    `<rect width="160" height="160" rx="80" fill="${color}"/>` +
    `<text x="80" y="96" font-family="sans-serif" font-size="56" font-weight="700" fill="#fff" ` +
    `text-anchor="middle">${initials}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/**
 * About page: the sections of spec section 1 in order, the two team cards, Connect With Us.
 * Plain markup and CSS (about-page.css), no Chakra: a page a visitor opens first (web/README.md,
 * "One UI rule").
 */
export default function AboutPage() {
  return (
    <>
      <div className="nn-band--hero nn-about-hero">
        <div className="nn-container nn-about-hero__inner">
          <h1 className="nn-heading nn-about-hero__title">About NoteNest</h1>
          <p className="nn-about-hero__lead">Free, verified academic notes, shared by students.</p>
        </div>
      </div>

      <AboutSection id="what">
        <p className="nn-about-lead">{WHAT}</p>
      </AboutSection>

      <AboutSection id="mission" band="tinted">
        <p className="nn-about-lead">{MISSION}</p>
      </AboutSection>

      <AboutSection id="features">
        <ul className="nn-grid nn-grid--sm-2 nn-grid--lg-3 nn-about-features">
          {KEY_FEATURES.map((f) => (
            <li key={f.title} className="nn-about-feature">
              <h3 className="nn-heading nn-about-feature__title">{f.title}</h3>
              <p className="nn-muted">{f.text}</p>
            </li>
          ))}
        </ul>
      </AboutSection>

      <AboutSection id="why" band="tinted">
        <ul className="nn-about-reasons">
          {WHY_CHOOSE_US.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      </AboutSection>

      <AboutSection id="audience">
        <ul className="nn-grid nn-grid--sm-2 nn-grid--md-4 nn-about-audiences">
          {AUDIENCES.map((a) => (
            <li key={a} className="nn-about-audience">
              {a}
            </li>
          ))}
        </ul>
      </AboutSection>

      <AboutSection id="impact" band="tinted">
        <dl className="nn-grid nn-grid--2 nn-grid--md-4 nn-about-impacts">
          {IMPACT.map((i) => (
            <div key={i.label} className="nn-about-impact">
              <dt className="nn-muted">{i.label}</dt>
              <dd className="nn-about-impact__value">{i.value}</dd>
            </div>
          ))}
        </dl>
      </AboutSection>

      <AboutSection id="team">
        <div className="nn-grid nn-grid--md-2 nn-about-team">
          {TEAM.map((m) => (
            <article key={m.name} data-team-card="" className="nn-about-member">
              <img
                src={portrait(m.initials, m.color)}
                alt={`Photo of ${m.name}`}
                className="nn-about-member__photo"
              />
              <h3 className="nn-heading nn-about-member__name">{m.name}</h3>
              <p className="nn-about-member__role">{m.role}</p>
              <p className="nn-muted">{m.blurb}</p>
            </article>
          ))}
        </div>
      </AboutSection>

      <AboutSection id="connect" band="accent">
        <div className="nn-about-connect">
          <p className="nn-about-connect__text">{CONNECT_TEXT}</p>
          <a href={`mailto:${CONTACT_EMAIL}`} className="nn-link nn-about-connect__email">
            {CONTACT_EMAIL}
          </a>
        </div>
      </AboutSection>
    </>
  );
}
