import { CommunitySection } from './community-section';
import { HeroSection } from './hero-section';
import { HowItWorksSection } from './how-it-works-section';
import { JoinSection } from './join-section';
import { StayConnectedSection } from './stay-connected-section';
import { TestimonialsSection } from './testimonials-section';
import { WhyUseSection } from './why-use-section';
import './home-page.css';

/**
 * Landing page: the seven sections of spec section 2, in order. Plain markup and CSS
 * (home-page.css, over the Chakra tokens' CSS variables), no Chakra: / must stay within 90 KB of
 * JS, which Chakra's runtime alone would not (issue 11).
 */
export default function HomePage() {
  return (
    <>
      <HeroSection />
      <HowItWorksSection />
      <WhyUseSection />
      <CommunitySection />
      <TestimonialsSection />
      <JoinSection />
      <StayConnectedSection />
    </>
  );
}
