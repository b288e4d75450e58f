/** A FIFO async lock: `run` calls execute one at a time, in the order they were made. */
export class Mutex {
  #tail: Promise<unknown> = Promise.resolve();

  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(() => fn());
    // The chain continues whether fn succeeded or failed.
    this.#tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}
