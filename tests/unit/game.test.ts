import { describe, expect, it } from 'vitest';
import {
  type Board,
  type Cell,
  computerMove,
  emptyBoard,
  findWinner,
  freeCells,
  outcome,
  play,
} from '../../src/client/app/pages/NotFound/ticTacToe';

/** A board from a picture: rows of X, O or a dot for empty. */
const board = (...rows: string[]): Board =>
  rows
    .join('')
    .split('')
    .map((c): Cell => (c === 'X' || c === 'O' ? c : null));

describe('tic-tac-toe', () => {
  it('starts empty and playing', () => {
    expect(freeCells(emptyBoard())).toHaveLength(9);
    expect(outcome(emptyBoard())).toBe('playing');
  });

  it('finds rows, columns and diagonals', () => {
    expect(findWinner(board('XXX', 'OO.', '...'))).toEqual({ mark: 'X', line: [0, 1, 2] });
    expect(findWinner(board('OX.', 'OX.', 'O..'))).toEqual({ mark: 'O', line: [0, 3, 6] });
    expect(findWinner(board('X.O', '.XO', '..X'))?.line).toEqual([0, 4, 8]);
    expect(outcome(board('XXX', 'OO.', '...'))).toBe('won');
    expect(outcome(board('OOO', 'XX.', 'X..'))).toBe('lost');
    expect(outcome(board('XOX', 'XOO', 'OXX'))).toBe('draw');
  });

  it('refuses moves on taken cells and after the game is over', () => {
    const start = board('X..', '...', '...');
    expect(play(start, 0, 'O')).toBe(start);
    const over = board('XXX', 'OO.', '...');
    expect(play(over, 5, 'O')).toBe(over);
    expect(play(start, 4, 'O')[4]).toBe('O');
    expect(start[4]).toBeNull();
  });

  it('wins when it can, before blocking', () => {
    expect(computerMove(board('XX.', 'OO.', 'X..'))).toBe(5);
  });

  it('blocks the player', () => {
    expect(computerMove(board('XX.', '.O.', '...'))).toBe(2);
    expect(computerMove(board('X..', '.O.', 'X..'))).toBe(3);
  });

  it('takes the centre, then a corner', () => {
    expect(computerMove(board('X..', '...', '...'))).toBe(4);
    expect(computerMove(board('...', '.X.', '...'), () => 0)).toBe(0);
    expect(computerMove(board('...', '.X.', '...'), () => 0.99)).toBe(8);
  });

  it('has no move on a full or decided board', () => {
    expect(computerMove(board('XOX', 'XOO', 'OXX'))).toBeUndefined();
    expect(computerMove(board('XXX', 'OO.', '...'))).toBeUndefined();
  });

  it('always makes a legal move until the game ends', () => {
    let state: Board = emptyBoard();
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    while (outcome(state) === 'playing') {
      const free = freeCells(state);
      state = play(state, free[Math.floor(random() * free.length)] ?? -1, 'X');
      if (outcome(state) !== 'playing') break;
      const move = computerMove(state, random);
      expect(move).toBeDefined();
      expect(state[move ?? -1]).toBeNull();
      state = play(state, move ?? -1, 'O');
    }
    expect(['won', 'lost', 'draw']).toContain(outcome(state));
  });
});
