/** The little of a course part that its place in the course depends on. */
export interface NavigablePart {
  Id: number;
  SortId: number;
  /** Post blocks link a part (a chapter) to the parts shown inside it (its episodes), in block order. */
  Blocks: readonly { BlockType: string; PostId: number | null }[];
}

/**
 * The order a learner walks through a course (spec §2): parts by `SortId`, each followed by the parts its Post
 * blocks link to, depth first. A part linked from another part appears only there, once; a part nobody links
 * to is a top-level part. Links to parts the viewer cannot see are skipped; parts caught only in a cycle of
 * links come last, in `SortId` order, so that every visible part is reachable.
 */
export function navigationOrder(parts: readonly NavigablePart[]): number[] {
  const byId = new Map(parts.map((part) => [part.Id, part]));
  const bySortId = [...parts].sort((a, b) => a.SortId - b.SortId || a.Id - b.Id);
  const linked = new Set<number>();
  for (const part of parts) {
    for (const block of part.Blocks) {
      if (block.BlockType === 'Post' && block.PostId !== null && block.PostId !== part.Id && byId.has(block.PostId)) {
        linked.add(block.PostId);
      }
    }
  }

  const order: number[] = [];
  const placed = new Set<number>();
  const place = (start: NavigablePart) => {
    // Depth first without recursion: a stack of parts still to place, the next one on top.
    const stack: NavigablePart[] = [start];
    while (stack.length > 0) {
      const part = stack.pop() as NavigablePart;
      if (placed.has(part.Id)) continue;
      placed.add(part.Id);
      order.push(part.Id);
      const children = part.Blocks.flatMap((block) => {
        const child = block.BlockType === 'Post' && block.PostId !== null ? byId.get(block.PostId) : undefined;
        return child && !placed.has(child.Id) ? [child] : [];
      });
      stack.push(...children.reverse());
    }
  };
  for (const part of bySortId) if (!linked.has(part.Id)) place(part);
  for (const part of bySortId) place(part);
  return order;
}

export interface Neighbours {
  /** The part before, or null at the start of the course ("No previous page!"). */
  back: number | null;
  /** The part after, or null at the end ("End of course..."). */
  forward: number | null;
}

/**
 * Back and Forward from where the learner is. `current` null is the course's own page, which comes before its
 * first part; a part not in the order (hidden from this viewer) leads nowhere.
 */
export function neighbours(order: readonly number[], current: number | null): Neighbours {
  if (current === null) return { back: null, forward: order[0] ?? null };
  const index = order.indexOf(current);
  if (index < 0) return { back: null, forward: null };
  return { back: order[index - 1] ?? null, forward: order[index + 1] ?? null };
}
