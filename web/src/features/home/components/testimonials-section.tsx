import { TESTIMONIALS } from '../content';
import { HomeSection } from './home-section';

export function TestimonialsSection() {
  return (
    <HomeSection id="testimonials" variant="tinted">
      <div className="nn-home-grid nn-home-grid--testimonials">
        {TESTIMONIALS.map((t) => (
          <figure key={t.name} className="nn-home-card">
            <blockquote className="nn-home-quote">“{t.quote}”</blockquote>
            <figcaption className="nn-home-quote__by">
              {t.name} <span className="nn-muted">· {t.detail}</span>
            </figcaption>
          </figure>
        ))}
      </div>
    </HomeSection>
  );
}
