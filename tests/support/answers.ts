import type { Block, BlockOf } from '../../src/shared/contract/learning/courseShapes';

/** The item at `index` of a list read from an answer; fails, showing the list, when there is none. */
export function nth<T>(items: readonly T[] | null | undefined, index = 0): T {
  const item = items?.[index];
  if (item === undefined) throw new Error(`no item ${index} in ${JSON.stringify(items)?.slice(0, 500)}`);
  return item;
}

/** The first item of a list read from an answer that matches; fails, showing the list, when none does. */
export function findIn<T>(items: readonly T[] | null | undefined, match: (item: T) => boolean, what = 'item'): T {
  const item = items?.find(match);
  if (item === undefined) throw new Error(`no such ${what} in ${JSON.stringify(items)?.slice(0, 500)}`);
  return item;
}

/** The block at `index` of a course part's blocks, which must be of `type`: narrowed to it, so its content reads. */
export function blockOf<T extends Block['BlockType']>(
  part: { Blocks: readonly Block[] } | undefined,
  index: number,
  type: T,
): BlockOf<T> {
  const block = nth(part?.Blocks, index);
  if (block.BlockType !== type) throw new Error(`block ${index} is a ${block.BlockType}, not a ${type}`);
  return block as BlockOf<T>;
}
