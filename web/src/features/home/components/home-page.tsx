import { CommunitySection } from './community-section';
import { HeroSection } from './hero-section';
import { HowItWorksSection } from './how-it-works-section';
import { JoinSection } from './join-section';
import { StayConnectedSection } from './stay-connected-section';
import { TestimonialsSection } from './testimonials-section';
import { WhyUseSection } from './why-use-section';

/** Landing page: the seven sections of spec section 2, in order. */
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
