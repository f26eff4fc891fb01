import { COMMUNITY_COUNTERS } from '../content';
import { HomeSection } from './home-section';

export function CommunitySection() {
  return (
    <HomeSection id="community">
      <dl className="nn-home-grid nn-home-grid--counters">
        {COMMUNITY_COUNTERS.map((counter) => (
          // dt/dd order is label then value in the DOM; the value is shown first visually.
          <div key={counter.label} className="nn-home-counter">
            <dt className="nn-muted">{counter.label}</dt>
            <dd className="nn-home-counter__value">{counter.value}</dd>
          </div>
        ))}
      </dl>
    </HomeSection>
  );
}
