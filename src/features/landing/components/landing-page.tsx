import { usePageTitle } from '@/lib/use-page-title';
import { ClosingCta } from './closing-cta';
import { EarlyAccess } from './early-access';
import { FeatureGrid } from './feature-grid';
import { HeroSection } from './hero-section';
import { HowItWorks } from './how-it-works';
import { StatsSection } from './stats-section';

/** The visitor's first screen: hero, features, how it works, early access, stats, closing call. */
export function LandingPage() {
  usePageTitle();
  return (
    <>
      <HeroSection />
      <FeatureGrid />
      <HowItWorks />
      <EarlyAccess />
      <StatsSection />
      <ClosingCta />
    </>
  );
}
