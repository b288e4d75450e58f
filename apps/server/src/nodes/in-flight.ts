/**
 * Per-node caps on requests in flight in this process (the node API's `changes` and `fullSet`
 * slots): a node needs one long-poll and now and then one full set, so a stolen token cannot hold
 * hundreds of long-polls or stream the set over and over in parallel. Counted in memory: a slot
 * lives exactly as long as the request holding it, which no shared counter could see end.
 */
export interface InFlightLimit<Kind extends string> {
  /** Takes a slot of `kind` for `subject`, or null when its slots are taken. The release is idempotent. */
  enter(subject: string, kind: Kind): (() => void) | null;
}

export function createInFlightLimit<Kind extends string>(slots: Readonly<Record<Kind, number>>): InFlightLimit<Kind> {
  const counts = new Map<string, number>();
  const keyOf = (subject: string, kind: Kind) => `${kind}:${subject}`;
  return {
    enter(subject, kind) {
      const key = keyOf(subject, kind);
      const taken = counts.get(key) ?? 0;
      if (taken >= slots[kind]) return null;
      counts.set(key, taken + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (counts.get(key) ?? 1) - 1;
        if (left > 0) counts.set(key, left);
        else counts.delete(key);
      };
    },
  };
}
