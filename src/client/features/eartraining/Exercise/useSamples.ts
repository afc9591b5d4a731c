import { useCallback, useEffect, useState } from 'react';
import { audioSupported, loadSamples } from '../audio/instrument';

export interface SamplesState {
  status: 'loading' | 'ready' | 'failed' | 'unsupported';
  done: number;
  total: number;
  retry(): void;
}

/**
 * The piano's samples for the notes from `low` to `high`, loaded when the page opens (before any gesture, so the
 * first question plays at once) with how many have arrived; a pure tone needs none.
 */
export function useSamples(low: number, high: number, needed: boolean): SamplesState {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Omit<SamplesState, 'retry'>>({ status: 'loading', done: 0, total: 0 });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry's trigger, loading again
  useEffect(() => {
    if (!audioSupported()) {
      setState({ status: 'unsupported', done: 0, total: 0 });
      return;
    }
    if (!needed) {
      setState({ status: 'ready', done: 0, total: 0 });
      return;
    }
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
