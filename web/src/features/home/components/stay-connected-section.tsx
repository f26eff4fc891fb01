import { STAY_CONNECTED_LINKS } from '../content';
import { HomeSection } from './home-section';

export function StayConnectedSection() {
  return (
    <HomeSection id="stay-connected" variant="compact">
      <ul className="nn-home-links">
        {STAY_CONNECTED_LINKS.map((link) => (
          <li key={link.label}>
            <a href={link.href} className="nn-link nn-home-links__link">
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
