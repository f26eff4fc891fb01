import { lazy, Suspense } from 'react';
import { useAuth } from '../../auth';
import { CommunitySection } from './community-section';
import { HeroSection } from './hero-section';
import { HowItWorksSection } from './how-it-works-section';
import { JoinSection } from './join-section';
import { StayConnectedSection } from './stay-connected-section';
import { TestimonialsSection } from './testimonials-section';
import { WhyUseSection } from './why-use-section';
import './home-page.css';

// Home's Following section (issue 32): fetched once someone is signed in, so a visitor's Home
// (90 KB budget) carries only this import's address.
const HomeFollowing = lazy(() =>
  import('../../follows').then((m) => ({ default: m.HomeFollowing })),
);

/**
 * Landing page: the seven sections of spec section 2, in order. Plain markup and CSS
 * (home-page.css, over the Chakra tokens' CSS variables), no Chakra: / must stay within 90 KB of
 * JS, which Chakra's runtime alone would not (issue 11).
 */
export default function HomePage() {
  // Nothing of it in a visitor's Home or in the prerender.
  const signedIn = useAuth().state.status === 'signed-in';
  return (
    <>
      <HeroSection />
      {signedIn && (
        <Suspense fallback={null}>
          <HomeFollowing />
        </Suspense>
      )}
      <HowItWorksSection />
      <WhyUseSection />
      <CommunitySection />
      <TestimonialsSection />
      <JoinSection />
      <StayConnectedSection />
    </>
  );
}
