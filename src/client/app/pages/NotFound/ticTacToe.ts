/** Tic-tac-toe for the 404 page: the player is X and moves first, the computer is O. */
export type Mark = 'X' | 'O';
export type Cell = Mark | null;
/** Nine cells, row by row. */
export type Board = readonly Cell[];

export const PLAYER: Mark = 'X';
export const COMPUTER: Mark = 'O';

export const emptyBoard = (): Cell[] => Array<Cell>(9).fill(null);

const lines: readonly (readonly [number, number, number])[] = [
  [0, 1, 2],
  [3, 4, 5],
  [6, 7, 8],
  [0, 3, 6],
  [1, 4, 7],
  [2, 5, 8],
  [0, 4, 8],
  [2, 4, 6],
];

/** The winner and the cells of the winning line, or null. */
export function findWinner(board: Board): { mark: Mark; line: readonly number[] } | null {
  for (const line of lines) {
    const [a, b, c] = line;
    const mark = board[a];
    if (mark && mark === board[b] && mark === board[c]) return { mark, line };
  }
  return null;
}

export const freeCells = (board: Board): number[] => board.flatMap((cell, index) => (cell === null ? [index] : []));

export type Outcome = 'playing' | 'won' | 'lost' | 'draw';

/** How the game stands, seen from the player. */
export function outcome(board: Board): Outcome {
  const winner = findWinner(board);
  if (winner) return winner.mark === PLAYER ? 'won' : 'lost';
  return freeCells(board).length === 0 ? 'draw' : 'playing';
}

/** The board after `mark` takes `index`; an illegal move leaves it unchanged. */
export function play(board: Board, index: number, mark: Mark): Board {
  if (board[index] !== null || outcome(board) !== 'playing') return board;
  const next = [...board];
  next[index] = mark;
  return next;
}

const completingCell = (board: Board, mark: Mark): number | undefined =>
  freeCells(board).find((index) => findWinner(play(board, index, mark))?.mark === mark);

/**
 * A simple computer player that can be beaten: win if it can, else block the player's win, else take the
 * centre, else a random corner, else a random side. `random` returns a number in [0, 1).
 */
export function computerMove(board: Board, random: () => number = Math.random): number | undefined {
  const free = freeCells(board);
  if (free.length === 0 || findWinner(board)) return undefined;
  const win = completingCell(board, COMPUTER);
  if (win !== undefined) return win;
  const block = completingCell(board, PLAYER);
  if (block !== undefined) return block;
  if (board[4] === null) return 4;
  const corners = free.filter((index) => [0, 2, 6, 8].includes(index));
  const choices = corners.length > 0 ? corners : free;
  return choices[Math.floor(random() * choices.length)];
}
