// Pure helpers of the chat page: merging what the server, the socket and the outbox say about one
// conversation without ever showing a message twice (C-12), and grouping the result by day.

/** What the merge needs to know of a message, whatever its kind. */
export interface ThreadItem {
  /** Server id; absent while the message only exists in this browser's outbox. */
  id?: number;
  client_id?: string | null;
  /** The conversation's monotonic sequence; absent while pending. */
  seq?: number;
  created_at: string;
}

function keyOf(m: ThreadItem): string {
  return m.client_id ? `c:${m.client_id}` : `s:${m.id}`;
}

/**
 * One list from several sources, oldest first. A message is the same message when its server id or its
 * client id matches; the server's copy (with a sequence) wins over a pending one, so an optimistic bubble
 * turns into the stored message in place.
 */
export function mergeThread<T extends ThreadItem>(...sources: readonly (readonly T[])[]): T[] {
  const byKey = new Map<string, T>();
  const keyById = new Map<number, string>();
  for (const list of sources) {
    for (const m of list) {
      let key = keyOf(m);
      if (m.id !== undefined) {
        const known = keyById.get(m.id);
        if (known) key = known;
        else keyById.set(m.id, key);
      }
      const existing = byKey.get(key);
      // A later source knows more (read state, the stored copy), except that a pending copy never
      // replaces a stored one.
      if (!existing || existing.seq === undefined || m.seq !== undefined) byKey.set(key, m);
    }
  }
  return [...byKey.values()].sort(compareItems);
}

/** Stored messages by sequence; pending ones after every stored one, in the order they were typed. */
export function compareItems(a: ThreadItem, b: ThreadItem): number {
  if (a.seq !== undefined && b.seq !== undefined) return a.seq - b.seq;
  if (a.seq !== undefined) return -1;
  if (b.seq !== undefined) return 1;
  return a.created_at.localeCompare(b.created_at);
}

/** The highest sequence held: what a reconnecting client asks to get everything after. */
export function lastSeq(items: readonly ThreadItem[]): number {
  let max = 0;
  for (const m of items) if (m.seq !== undefined && m.seq > max) max = m.seq;
  return max;
}

export interface DayGroup<T> {
  /** Local calendar day, YYYY-MM-DD. */
  day: string;
  items: T[];
}

function localDay(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Consecutive messages of one local day together, for the day separators of the message list. */
export function groupByDay<T extends ThreadItem>(items: readonly T[]): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  for (const m of items) {
    const day = localDay(m.created_at);
    const last = groups.at(-1);
    if (last && last.day === day) last.items.push(m);
    else groups.push({ day, items: [m] });
  }
  return groups;
}

/** How a day separator reads: today, yesterday, a weekday within a week, else the date. */
export function dayLabelKind(day: string, now: Date): 'today' | 'yesterday' | 'weekday' | 'date' {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const then = new Date(y, m - 1, d);
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const days = Math.round((today.getTime() - then.getTime()) / 86_400_000);
  if (days === 0) return 'today';
  if (days === 1) return 'yesterday';
  if (days > 1 && days < 7) return 'weekday';
  return 'date';
}
