import { WHY_USE_CARDS } from '../content';
import { HomeSection } from './home-section';

export function WhyUseSection() {
  return (
    <HomeSection id="why-use" variant="tinted">
      <div className="nn-home-grid nn-home-grid--cards">
        {WHY_USE_CARDS.map((card) => (
          <div key={card.title} className="nn-home-card nn-home-card--bordered">
            <h3 className="nn-heading nn-home-h3 nn-home-card__title">{card.title}</h3>
            <p className="nn-muted">{card.text}</p>
          </div>
        ))}
      </div>
    </HomeSection>
  );
}
