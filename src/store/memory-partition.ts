/**
 * One kind of entry in a `MemoryStore`, with its own cap: counters, single-use values, records and
 * locks each get one, so that a flood of one kind (anonymous requests for WebAuthn challenges,
 * say) can never evict an entry of another (the counter that keeps an account locked out).
 */
import { StoreFull } from "./errors.js";

export interface Entry {
  value: string;
  /** The clock's time at which the entry is gone. */
  expiresAt: number;
}

/**
 * What a full partition does with a new key once no entry has expired: `"evict"` drops the
 * oldest-written entry (single-use challenges, locks: losing one costs a retry), `"refuse"` keeps
 * every live entry and rejects the new key with {@link StoreFull} (counters, whose loss would reset
 * a limit somebody reached, and records, whose loss would bring a revoked session back).
 */
export type WhenFull = "evict" | "refuse";

export class MemoryPartition {
  /** In insertion order, which makes the first key the oldest-written one. */
  readonly entries = new Map<string, Entry>();
  /**
   * No entry expires before this time, so a sweep before it would free nothing. Deleting or
   * overwriting an entry can leave it early, which costs one sweep that finds nothing; never later.
   */
  private earliestExpiry = Number.POSITIVE_INFINITY;

  constructor(
    private readonly maxKeys: number,
    private readonly whenFull: WhenFull,
    /** What the entries are, for the message of a refusal. */
    private readonly kind: string,
  ) {}

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
  }

  /**
   * Adds a key that is not present, making room first when the partition is at its cap; a
   * refusing partition with no expired entry to drop throws {@link StoreFull} and changes nothing.
   */
  insert(key: string, value: string, expiresAt: number, now: number): void {
    if (this.entries.size >= this.maxKeys) this.makeRoom(now);
    this.entries.set(key, { value, expiresAt });
    if (expiresAt < this.earliestExpiry) this.earliestExpiry = expiresAt;
  }

  /** Frees at least one slot: every expired entry when any has expired, else as `whenFull` says. */
  private makeRoom(now: number): void {
    if (now >= this.earliestExpiry) this.sweepExpired(now);
    if (this.entries.size < this.maxKeys) return;
    if (this.whenFull === "refuse") {
      throw new StoreFull(
        `MemoryStore holds ${this.maxKeys} live ${this.kind}: a new one waits until one expires.`,
        this.earliestExpiry - now,
      );
    }
    const oldest = this.entries.keys().next();
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
