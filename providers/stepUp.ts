import { HttpError } from 'react-admin';
import { STEP_UP_REQUIRED } from '../domain/stepUpWords';

/**
 * What the console does when the server asks for a fresh proof (403 STEP_UP_REQUIRED): the dialog the shell mounts
 * (src/components/StepUpDialog.tsx) registers how to ask; httpClient waits for the answer and sends the refused
 * request again, so the form that sent it keeps what was typed. Resolves true once proved, false when cancelled.
 */
type Asker = () => Promise<boolean>;

let asker: Asker | null = null;
/** One dialog for every call refused at once (a page may send several): they all wait for the same proof. */
let asking: Promise<boolean> | null = null;

export function onStepUpRequired(ask: Asker): () => void {
  asker = ask;
  return () => {
    if (asker === ask) asker = null;
  };
}

export const isStepUpRequired = (error: unknown) =>
  error instanceof HttpError && error.status === 403 && (error.body as { code?: string } | undefined)?.code === STEP_UP_REQUIRED;

/** Asks for a proof (once for parallel callers); false when no dialog is mounted or the user cancels. */
export function askStepUp(): Promise<boolean> {
  if (!asker) return Promise.resolve(false);
  asking ??= asker().finally(() => {
    asking = null;
  });
  return asking;
}
