/**
 * Work a request starts but does not wait for (a mail's SMTP round trip), so the answer takes as
 * long whatever the work is. Failures are logged; close() waits for what is still running so a
 * shutdown does not cut a mail in half.
 */
export interface BackgroundTasks {
  run(task: () => Promise<void>, onError: (err: unknown) => void): void;
  drain(): Promise<void>;
}

export function backgroundTasks(): BackgroundTasks {
  const pending = new Set<Promise<void>>();
  return {
    run(task, onError) {
      const p = Promise.resolve()
        .then(task)
        .catch(onError)
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async drain() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}
