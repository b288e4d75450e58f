/**
 * A bound on password hashing. bcrypt runs on libuv's thread pool (4 threads unless
 * UV_THREADPOOL_SIZE says otherwise), which static files and other file-system work share: a burst
 * of sign-ins, each within its rate limits, would otherwise queue every asset behind seconds of
 * hashing. So at most `concurrency` hashes run at once, at most `queue` more wait, and anything
 * beyond is refused at once (the caller answers 429 with Retry-After) instead of waiting.
 */

/** The queue is full: try again in `retryAfter` seconds. */
export class HashingBusyError extends Error {
  override name = "HashingBusyError";
  constructor(readonly retryAfter: number) {
    super("Password hashing is busy");
  }
}

export interface HashingQueueOptions {
  /** Hashes running at once. */
  concurrency: number;
  /** Hashes waiting for a turn; more are refused. */
  queue: number;
}

export class HashingQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private options: HashingQueueOptions) {}

  configure(options: HashingQueueOptions): void {
    this.options = options;
    this.drain();
  }

  /** Hashes running and waiting right now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /**
   * Throws HashingBusyError when a task would be refused right now. Routes call it before any
   * other work, so a request that cannot be hashed costs no database round trips either.
   */
  assertRoom(): void {
    if (this.running >= this.options.concurrency && this.waiting.length >= this.options.queue) {
      // About how long the work ahead takes (bcrypt cost 10 is ~50–100 ms a hash), at least 1 s.
      const ahead = this.running + this.waiting.length;
      throw new HashingBusyError(Math.max(1, Math.ceil((ahead * 0.1) / this.options.concurrency)));
    }
  }

  /** Runs `task` when a slot is free; throws HashingBusyError at once when the queue is full. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.options.concurrency) {
      this.assertRoom();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await task();
    } finally {
      this.running--;
      this.drain();
    }
  }

  /** Hands free slots to waiting tasks (each resolved waiter owns one slot). */
  private drain(): void {
    while (this.running < this.options.concurrency && this.waiting.length > 0) {
      this.running++;
      this.waiting.shift()?.();
    }
  }
}

/**
 * The process's one queue: the thread pool it protects is per process. Sized from config by
 * createAuth (PASSWORD_HASH_CONCURRENCY, PASSWORD_HASH_QUEUE).
 */
export const passwordHashing = new HashingQueue({ concurrency: 1, queue: 16 });
