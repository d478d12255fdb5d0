/**
 * The parts of the site that could not answer while a page was made (a subgraph the gateway
 * reported as SUBGRAPH_UNAVAILABLE), so the page renders what it has and says that some
 * information is missing (components/UnavailableNotice). One per page request on the server,
 * one per tab in the browser.
 */
export class UnavailableParts {
  private readonly parts: Set<string>;
  private snapshot: readonly string[];
  private readonly listeners = new Set<() => void>();
  /** The page (location key) the parts were recorded for. */
  private page: string | undefined;

  constructor(initial: Iterable<string> = []) {
    this.parts = new Set(initial);
    this.snapshot = [...this.parts].sort();
  }

  add(names: Iterable<string>): void {
    const before = this.parts.size;
    for (const name of names) this.parts.add(name);
    if (this.parts.size !== before) this.changed();
  }

  /**
   * The browser shows the page `key`: another page than the one recorded starts with nothing
   * missing (its own queries say anew); the first page keeps what the server recorded.
   */
  showing(key: string): void {
    if (this.page === undefined || this.page === key) {
      this.page = key;
      return;
    }
    this.page = key;
    this.clear();
  }

  clear(): void {
    if (this.parts.size === 0) return;
    this.parts.clear();
    this.changed();
  }

  /** The missing parts' names, sorted; the same array until they change (useSyncExternalStore). */
  list(): readonly string[] {
    return this.snapshot;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    this.snapshot = [...this.parts].sort();
    for (const listener of this.listeners) listener();
  }
}
