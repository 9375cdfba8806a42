import { TwoFactorCard } from './TwoFactorCard';

/** The two-factor card alone, for a user the shop or platform holds at set-up after signing in. */
export function RequiredTwoFactorSetup({ onDone }: { onDone: () => void }) {
  return <TwoFactorCard onEnabled={onDone} />;
}
