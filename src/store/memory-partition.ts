/**
 * One kind of entry in a `MemoryStore`, with its own cap: counters, single-use values and
 * locks each get one, so that a flood of one kind (anonymous requests for WebAuthn challenges,
 * say) can never evict an entry of another (the counter that keeps an account locked out).
 */

export interface Entry {
  value: string;
  /** The clock's time at which the entry is gone. */
  expiresAt: number;
}

export class MemoryPartition {
  /** In insertion order, which makes the first key the oldest-written one. */
  readonly entries = new Map<string, Entry>();
  /**
   * The counters still at 1, oldest first (counter partitions only). When the partition is full,
   * one of these goes before a counter that has counted more: losing it forgives one request, while
   * losing a higher one would reset a limit somebody already reached. A flood of fresh keys then
   * evicts its own kind.
   */
  private readonly singles: Set<string> | undefined;
  /**
   * No entry expires before this time, so a sweep before it would free nothing. Deleting or
   * overwriting an entry can leave it early, which costs one sweep that finds nothing; never later.
   */
  private earliestExpiry = Number.POSITIVE_INFINITY;

  constructor(
    private readonly maxKeys: number,
    options: { counters?: boolean } = {},
  ) {
    this.singles = options.counters ? new Set() : undefined;
  }

  /** The entry at `key` unless it has expired, in which case it is dropped. */
  live(key: string, now: number): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt > now) return entry;
    this.delete(key);
    return undefined;
  }

  delete(key: string): void {
    this.entries.delete(key);
    this.singles?.delete(key);
  }

  /** Records that the counter at `key` has moved past 1. */
  counted(key: string): void {
    this.singles?.delete(key);
  }

  /** Adds a key that is not present, making room first when the partition is at its cap. */
  insert(key: string, value: string, expiresAt: number, now: number): void {
    if (this.entries.size >= this.maxKeys) this.makeRoom(now);
    this.entries.set(key, { value, expiresAt });
    if (value === "1") this.singles?.add(key);
    if (expiresAt < this.earliestExpiry) this.earliestExpiry = expiresAt;
  }

  /**
   * Frees at least one slot: every expired entry when any has expired, else the oldest counter
   * still at 1, else the oldest-written entry.
   */
  private makeRoom(now: number): void {
    if (now >= this.earliestExpiry) this.sweepExpired(now);
    if (this.entries.size < this.maxKeys) return;
    const victim = this.singles?.values().next() ?? { done: true };
    const oldest = victim.done ? this.entries.keys().next() : victim;
    if (!oldest.done) this.delete(oldest.value);
  }

  private sweepExpired(now: number): void {
    let earliest = Number.POSITIVE_INFINITY;
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt <= now) this.delete(key);
      else if (entry.expiresAt < earliest) earliest = entry.expiresAt;
    }
    this.earliestExpiry = earliest;
  }
}
