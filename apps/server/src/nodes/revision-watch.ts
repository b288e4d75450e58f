/**
 * Long-poll for the node API: requests waiting for the revision to pass a value. One poll loop per
 * process reads the revision (one indexed row) every `pollMs` while anyone waits, so a change made
 * by any server process on the same database wakes every waiting node within about `pollMs`.
 */
export interface RevisionWatch {
  /** Resolves once the revision is past `after`, after `ms`, on `signal`, or at close. */
  wait(after: number, ms: number, signal?: AbortSignal): Promise<void>;
  close(): void;
}

export function createRevisionWatch(options: {
  read: () => Promise<number>;
  /** Runs before each poll (the expiry sweep, throttled by its owner). */
  beforePoll?: () => Promise<unknown>;
  pollMs: number;
  onError: (err: unknown) => void;
}): RevisionWatch {
  const waiters = new Set<{ after: number; done: () => void }>();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const schedule = () => {
    if (timer || waiters.size === 0 || closed) return;
    timer = setTimeout(poll, options.pollMs);
  };

  async function poll() {
    try {
      await options.beforePoll?.();
      const revision = await options.read();
      for (const waiter of [...waiters]) if (revision > waiter.after) waiter.done();
    } catch (err) {
      options.onError(err);
    } finally {
      timer = undefined;
      schedule();
    }
  }

  return {
    wait(after, ms, signal) {
      if (closed || ms <= 0 || signal?.aborted) return Promise.resolve();
      return new Promise((resolve) => {
        const waiter = {
          after,
          done: () => {
            clearTimeout(timeout);
            signal?.removeEventListener("abort", waiter.done);
            waiters.delete(waiter);
            resolve();
          },
        };
        const timeout = setTimeout(waiter.done, ms);
        signal?.addEventListener("abort", waiter.done, { once: true });
        waiters.add(waiter);
        schedule();
      });
    },
    close() {
      closed = true;
      for (const waiter of [...waiters]) waiter.done();
      if (timer) clearTimeout(timer);
    },
  };
}
