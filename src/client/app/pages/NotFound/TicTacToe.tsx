import { Button, Group, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './TicTacToe.module.css';
import {
  type Board,
  COMPUTER,
  computerMove,
  emptyBoard,
  findWinner,
  type Outcome,
  outcome,
  PLAYER,
  play,
} from './ticTacToe';

const COMPUTER_DELAY_MS = 400;
const position = (index: number) => ({ row: Math.floor(index / 3) + 1, column: (index % 3) + 1 });

/** A small game of tic-tac-toe against the computer, played with the mouse, touch or keyboard. */
export function TicTacToe() {
  const { t } = useTranslation('site');
  const [board, setBoard] = useState<Board>(emptyBoard);
  const [computerThinking, setComputerThinking] = useState(false);
  const [lastComputerMove, setLastComputerMove] = useState<number | null>(null);
  const [score, setScore] = useState({ wins: 0, losses: 0, draws: 0 });
  const cells = useRef<(HTMLButtonElement | null)[]>([]);
  const state = outcome(board);
  const winningLine = findWinner(board)?.line ?? [];

  // The computer answers after a short pause, so the player sees the move happen.
  useEffect(() => {
    if (!computerThinking) return;
    const timer = window.setTimeout(() => {
      setComputerThinking(false);
      const move = computerMove(board);
      if (move === undefined) return;
      setLastComputerMove(move);
      setBoard(play(board, move, COMPUTER));
    }, COMPUTER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [computerThinking, board]);

  // Each finished game counts once.
  useEffect(() => {
    const key: Partial<Record<Outcome, keyof typeof score>> = { won: 'wins', lost: 'losses', draw: 'draws' };
    const field = key[state];
    if (field) setScore((s) => ({ ...s, [field]: s[field] + 1 }));
  }, [state]);

  const choose = (index: number) => {
    if (computerThinking || state !== 'playing' || board[index] !== null) return;
    const next = play(board, index, PLAYER);
    setBoard(next);
    setLastComputerMove(null);
    if (outcome(next) === 'playing') setComputerThinking(true);
  };

  const restart = () => {
    setBoard(emptyBoard());
    setLastComputerMove(null);
    setComputerThinking(false);
    cells.current[0]?.focus();
  };

  // Arrow keys move between the cells of the grid; Tab leaves it.
  const onKeyDown = (event: React.KeyboardEvent, index: number) => {
    const { row, column } = position(index);
    const moves: Record<string, [number, number]> = {
      ArrowUp: [row - 1, column],
      ArrowDown: [row + 1, column],
      ArrowLeft: [row, column - 1],
      ArrowRight: [row, column + 1],
    };
    const target = moves[event.key];
    if (!target) return;
    event.preventDefault();
    const [r, c] = target;
    if (r >= 1 && r <= 3 && c >= 1 && c <= 3) cells.current[(r - 1) * 3 + (c - 1)]?.focus();
  };

  const status =
    state === 'won'
      ? t('notFound.game.won')
      : state === 'lost'
        ? t('notFound.game.lost')
        : state === 'draw'
          ? t('notFound.game.draw')
          : computerThinking
            ? ''
            : t('notFound.game.yourTurn');
  const lastMove = lastComputerMove === null ? '' : `${t('notFound.game.computerPlayed', position(lastComputerMove))} `;

  return (
    <Stack gap="sm" align="center">
      <Title order={2} size="h3">
        {t('notFound.game.title')}
      </Title>
      <Text size="sm" ta="center" maw={420}>
        {t('notFound.game.intro')}
      </Text>
      <SimpleGrid
        cols={3}
        spacing={6}
        role="group"
        aria-label={t('notFound.game.board')}
        className={classes.board}
        data-testid="game-board"
      >
        {board.map((cell, index) => {
          const { row, column } = position(index);
          const cellState =
            cell === PLAYER
              ? t('notFound.game.mine')
              : cell === COMPUTER
                ? t('notFound.game.computers')
                : t('notFound.game.empty');
          const unavailable = cell !== null || state !== 'playing' || computerThinking;
          return (
            <UnstyledButton
              // biome-ignore lint/suspicious/noArrayIndexKey: the nine cells are fixed positions
              key={index}
              ref={(element) => {
                cells.current[index] = element;
              }}
              className={classes.cell}
              data-mark={cell ?? undefined}
              data-winning={winningLine.includes(index) || undefined}
              aria-label={t('notFound.game.cell', { row, column, state: cellState })}
              aria-disabled={unavailable || undefined}
              onClick={() => choose(index)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              <span aria-hidden>{cell}</span>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
      <Text role="status" aria-live="polite" fw={600} mih="1.6em" ta="center">
        {lastMove}
        {status}
      </Text>
      <Group gap="md">
        <Button variant="outline" onClick={restart}>
          {t('notFound.game.newGame')}
        </Button>
        <Text size="sm">{t('notFound.game.score', score)}</Text>
      </Group>
    </Stack>
  );
}
