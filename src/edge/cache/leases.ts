/**
 * Work one request of an isolate does for all of them (one background revalidation of a
 * copy at a time). Only when it started is shared between requests, never a pending promise:
 * workerd ties a promise to the request whose I/O settles it, and cancels a request left
 * waiting on another request's I/O as hung (docs/decisions/070-no-promise-shared-between-requests.md).
 * A lease older than `leaseMs` is taken for abandoned (its request ended before releasing it),
 * so a lost piece of work never blocks the next one.
 */
export class Leases {
  private readonly started = new Map<string, number>();

  constructor(private readonly leaseMs: number) {}

  /** The lease on `key`, with the function that releases it, or null while another request holds it. */
  take(key: string, now: number): (() => void) | null {
    const startedAt = this.started.get(key);
    if (startedAt !== undefined && now - startedAt < this.leaseMs) return null;
    this.started.set(key, now);
    return () => {
      if (this.started.get(key) === now) this.started.delete(key);
    };
  }
}
