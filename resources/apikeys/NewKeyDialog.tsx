import { ShownOnceDialog } from '../../src/components/ShownOnceDialog';

/** The value of a key just created, shown this once. */
export const NewKeyDialog = ({ value, onClose }: { value: string | null; onClose: () => void }) => (
  <ShownOnceDialog value={value} onClose={onClose} words="resources.apikeys.created" name="new-api-key" />
);
