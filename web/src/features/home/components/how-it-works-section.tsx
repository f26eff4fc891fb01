import { HOW_IT_WORKS_STEPS } from '../content';
import { HomeSection } from './home-section';

export function HowItWorksSection() {
  return (
    <HomeSection id="how-it-works">
      <ol className="nn-home-grid nn-home-grid--steps">
        {HOW_IT_WORKS_STEPS.map((step, i) => (
          <li key={step.title} className="nn-home-step">
            <span aria-hidden="true" className="nn-home-step__number">
              {i + 1}
            </span>
            <h3 className="nn-heading nn-home-h3">{step.title}</h3>
            <p className="nn-muted">{step.text}</p>
          </li>
        ))}
      </ol>
    </HomeSection>
  );
}
