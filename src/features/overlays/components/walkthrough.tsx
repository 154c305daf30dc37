import { useWalkthrough } from './use-walkthrough';
import { WalkthroughCard } from './walkthrough-card';

/** The first-run tour; `enabled` is false while the login animation is on screen. */
export function Walkthrough({ enabled }: { enabled: boolean }) {
  const { state, step, total, next, back, skip } = useWalkthrough(enabled);
  if (state?.status !== 'showing' || state.target === null || step === undefined) return null;
  return (
    <WalkthroughCard
      key={step.id}
      step={step}
      index={state.index}
      total={total}
      target={state.target}
      onNext={next}
      onBack={back}
      onSkip={skip}
    />
  );
}
