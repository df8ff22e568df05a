import type { StackContext } from '../core/contracts.ts';
import { loadSchemaCache, qualified, type Relation, type RoutineInfo, type SchemaCache } from './schema-cache.ts';

/**
 * Holds the current schema cache: loaded at start, reloaded on `ctx.onSchemaChange`, and reloaded
 * at most once per second when a request names a table or function the cache does not know
 * (migrations applied by another process, DDL run through psql-like tools).
 */
export class SchemaStore {
  private cache: SchemaCache | undefined;
  private loading: Promise<SchemaCache> | undefined;
  private lastMissReload = 0;
  private reloadTimer: ReturnType<typeof setTimeout> | undefined;
  private pendingReload: Promise<void> | undefined;

  constructor(
    private readonly ctx: StackContext,
    private readonly missReloadIntervalMs = 1000,
  ) {}

  async load(): Promise<SchemaCache> {
    if (!this.loading) {
      this.loading = loadSchemaCache(this.ctx.db, this.ctx.config.supabaseConfig.api.schemas).then(
        (cache) => {
          this.cache = cache;
          this.loading = undefined;
          return cache;
        },
        (error: unknown) => {
          this.loading = undefined;
          throw error;
        },
      );
    }
    return this.loading;
  }

  /**
   * Schedules a reload shortly after a burst of DDL notifications (a migration fires one per
   * statement); lookups wait for it, so the request after the DDL sees the new schema.
   */
  requestReload(): void {
    if (this.reloadTimer) return;
    this.pendingReload = new Promise<void>((resolve) => {
      this.reloadTimer = setTimeout(() => {
        this.reloadTimer = undefined;
        this.load().then(
          () => resolve(),
          (error: unknown) => {
            this.ctx.log(`rest: schema cache reload failed: ${String(error)}`);
            resolve();
          },
        );
      }, 5);
    });
    const pending = this.pendingReload;
    void pending.then(() => {
      if (this.pendingReload === pending) this.pendingReload = undefined;
    });
  }

  /** Waits for a scheduled or running reload. */
  async ready(): Promise<void> {
    if (this.pendingReload) await this.pendingReload;
    if (this.loading) await this.loading;
  }

  current(): SchemaCache {
    if (!this.cache) throw new Error('schema cache not loaded');
    return this.cache;
  }

  /** Reloads unless a miss-triggered reload happened within the interval; true if it reloaded. */
  async reloadIfStale(): Promise<boolean> {
    const now = Date.now();
    if (now - this.lastMissReload < this.missReloadIntervalMs) return false;
    this.lastMissReload = now;
    await this.load();
    return true;
  }

  async relation(schema: string, name: string): Promise<Relation | undefined> {
    await this.ready();
    const key = qualified(schema, name);
    const found = this.current().relations.get(key);
    if (found || !(await this.reloadIfStale())) return found;
    return this.current().relations.get(key);
  }

  async routines(schema: string, name: string): Promise<RoutineInfo[]> {
    await this.ready();
    const key = qualified(schema, name);
    const found = this.current().routines.get(key);
    if (found || !(await this.reloadIfStale())) return found ?? [];
    return this.current().routines.get(key) ?? [];
  }

  /** PGRST205 hint: the closest table name in the schema, if any is close. */
  suggestTable(schema: string, name: string): string | null {
    let best: { name: string; distance: number } | undefined;
    for (const rel of this.current().relations.values()) {
      if (rel.schema !== schema) continue;
      const distance = levenshtein(rel.name, name);
      if (!best || distance < best.distance) best = { name: rel.name, distance };
    }
    return best && best.distance <= Math.max(2, Math.floor(name.length / 3))
      ? `Perhaps you meant the table '${schema}.${best.name}'`
      : null;
  }
}

function levenshtein(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length]!;
}
