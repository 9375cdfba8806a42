import { ShownOnceDialog } from '../../src/components/ShownOnceDialog';

/** An endpoint's signing secret, just made (added or rolled): shown this once. */
export const SecretDialog = ({ value, onClose }: { value: string | null; onClose: () => void }) => (
  <ShownOnceDialog value={value} onClose={onClose} words="resources.webhooks.secret" name="webhook-secret" />
);
