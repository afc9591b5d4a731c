import { useCallback, useEffect, useState } from 'react';
import { audioSupported, loadSamples } from '../audio/instrument';

export interface SamplesState {
  /** `waiting`: not asked for yet (a course page loads them when the learner starts a round). */
  status: 'waiting' | 'loading' | 'ready' | 'failed' | 'unsupported';
  done: number;
  total: number;
  /** Loads them now (again after a failure). */
  retry(): void;
}

/**
 * The piano's samples for the notes from `low` to `high`, with how many have arrived; a pure tone needs none. On an
 * exercise's own page they load as soon as the page is idle, so the first question plays at once; in a course's
 * block (`eager` false) only when the learner starts a round, so a page read for its other blocks fetches no sound.
 */
export function useSamples(low: number, high: number, needed: boolean, eager = true): SamplesState {
  const [attempt, setAttempt] = useState(eager ? 1 : 0);
  const [state, setState] = useState<Omit<SamplesState, 'retry'>>({
    status: eager ? 'loading' : 'waiting',
    done: 0,
    total: 0,
  });

  // `attempt` starts the loading (0: not asked for yet) and loads again after a failure.
  useEffect(() => {
    if (!audioSupported()) {
      setState({ status: 'unsupported', done: 0, total: 0 });
      return;
    }
    if (!needed) {
      setState({ status: 'ready', done: 0, total: 0 });
      return;
    }
    if (attempt === 0) return;
    let current = true;
    setState((before) => ({ ...before, status: 'loading' }));
    const load = () =>
      loadSamples(low, high, (done, total) => {
        if (current) setState({ status: 'loading', done, total });
      }).then(
        () => current && setState((before) => ({ ...before, status: 'ready' })),
        (error) => {
          console.warn('piano samples failed', error);
          if (current) setState((before) => ({ ...before, status: 'failed' }));
        },
      );
    // Once the page has painted and the browser is idle: the page first, then its sound.
    const idle = window.requestIdleCallback?.(load, { timeout: 500 }) ?? window.setTimeout(load, 50);
    return () => {
      current = false;
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [low, high, needed, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
