import { useEffect, useState } from 'react';

/**
 * Seconds left of a wait the server named (`retry_after`), counting down each second to 0. `start` sets a new
 * wait; the count is kept as a deadline, so a slow tab does not stretch it.
 */
export function useCountdown(): [number, (seconds: number) => void] {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (deadline === null) return;
    const tick = () => {
      const seconds = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setLeft(seconds);
      if (seconds === 0) setDeadline(null);
    };
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);
  return [left, (seconds: number) => setDeadline(Date.now() + seconds * 1000)];
}
