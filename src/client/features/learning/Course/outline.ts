import { type NavigablePart, navigationOrder } from '../../../../shared/domain/learning/courseNavigation';

export interface OutlineEntry<P> {
  part: P;
  /** 0 for a top-level part (a chapter), 1 for a part linked from it (an episode), and so on. */
  depth: number;
  /** The part whose Post block places this one, null for a top-level part. */
  parentId: number | null;
}

/**
 * The course in the learner's order (shared `navigationOrder`), each part with the depth it is shown at: a part
 * placed under the part linking to it is one level deeper than that part.
 */
export function courseOutline<P extends NavigablePart>(parts: readonly P[]): OutlineEntry<P>[] {
  const byId = new Map(parts.map((part) => [part.Id, part]));
  const order = navigationOrder(parts);
  const entries: OutlineEntry<P>[] = [];
  const depthOf = new Map<number, number>();
  // The parts each part links to, so a part's parent is the latest part before it in the order that links it.
  const links = new Map(
    parts.map((part) => [
      part.Id,
      new Set(part.Blocks.filter((b) => b.BlockType === 'Post' && b.PostId !== null).map((b) => b.PostId)),
    ]),
  );
  const path: number[] = [];
  for (const id of order) {
    const part = byId.get(id) as P;
    while (path.length > 0 && !links.get(path[path.length - 1] as number)?.has(id)) path.pop();
    const parentId = path.length > 0 ? (path[path.length - 1] as number) : null;
    const depth = parentId === null ? 0 : (depthOf.get(parentId) ?? 0) + 1;
    depthOf.set(id, depth);
    entries.push({ part, depth, parentId });
    path.push(id);
  }
  return entries;
}
