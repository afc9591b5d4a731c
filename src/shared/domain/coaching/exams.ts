/** Exam rules the client and the server share. */

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/**
 * How an exam is named to people (a review task's description, the learner's review notice): "part – block", or
 * one name when the block has no title of its own or repeats the part's ("Final exam", not "Final exam – Final
 * exam").
 */
export function examName(partName: string, blockTitle: string): string {
  const part = partName.trim();
  const block = blockTitle.trim();
  if (!block || sameName(part, block)) return part || block;
  if (!part) return block;
  return `${part} – ${block}`;
}
