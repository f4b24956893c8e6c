/**
 * Counts the HTTP requests this process is answering, so that long background work (a roster
 * sync) can step aside for them: between two of its steps it waits for a moment with no request
 * in progress, but never longer than its own bound, so that it cannot starve (docs/decisions/0485).
 */
export class RequestGauge {
  private inFlight = 0;
  private waiters: (() => void)[] = [];

  get busy() {
    return this.inFlight > 0;
  }

  begin() {
    this.inFlight++;
  }

  end() {
    this.inFlight = Math.max(0, this.inFlight - 1);
    if (this.inFlight === 0) this.release();
  }

  /** Resolves at once when no request is in progress, else when none is or after `maxWaitMs`. */
  quiet(maxWaitMs: number): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== done);
        resolve();
      }, maxWaitMs);
      this.waiters.push(done);
    });
  }

  private release() {
    const waiting = this.waiters;
    this.waiters = [];
    for (const resolve of waiting) resolve();
  }
}
