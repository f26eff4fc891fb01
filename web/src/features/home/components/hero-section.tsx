import { Link } from 'react-router-dom';
import { paths } from '../../../shared/routing/paths';
import { HERO, sectionTitle } from '../content';
import { useUploadTarget } from '../hooks/use-upload-target';

export function HeroSection() {
  const uploadTarget = useUploadTarget();
  return (
    <section aria-labelledby="hero-heading" data-home-section="hero" className="nn-hero">
      <div className="nn-container nn-hero__inner">
        <h1 id="hero-heading" className="nn-heading nn-hero__title">
          {sectionTitle('hero')}
        </h1>
        <p className="nn-hero__subtitle">{HERO.subtitle}</p>
        <div className="nn-hero__actions">
          <Link to={uploadTarget} className="nn-button nn-button--lg nn-button--inverse">
            {HERO.uploadLabel}
          </Link>
          <Link to={paths.browse} className="nn-button nn-button--lg nn-button--on-dark">
            {HERO.browseLabel}
          </Link>
        </div>
      </div>
    </section>
  );
}
