import { useEffect, useState } from 'react';

/** Seconds left of a countdown started with `start(seconds)` (0 when none runs). */
export function useCountdown() {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), 1_000);
    return () => clearTimeout(timer);
  }, [until, now]);
  return {
    left: Math.max(0, Math.ceil((until - now) / 1_000)),
    start: (seconds: number) => {
      const at = Date.now();
      setNow(at);
      setUntil(at + seconds * 1_000);
    },
  };
}
