import { useCallback, useEffect, useState } from 'react';

/**
 * Seconds left before a code may be sent again. Started with the `resendSeconds` the server
 * answered, so the button and the server's rate limit (error 100041) agree.
 */
export function useCountdown(): {
  seconds: number;
  running: boolean;
  start: (seconds: number) => void;
  reset: () => void;
} {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (deadline === null) return;
    const timer = window.setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= deadline) setDeadline(null);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);

  const start = useCallback((seconds: number) => {
    const t = Date.now();
    setNow(t);
    setDeadline(seconds > 0 ? t + seconds * 1000 : null);
  }, []);
  const reset = useCallback(() => setDeadline(null), []);

  // Measured against a deadline rather than decremented, so a throttled background tab stays right.
  const seconds = deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
  return { seconds, running: seconds > 0, start, reset };
}
