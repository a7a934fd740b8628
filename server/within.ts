// A promise with a time limit: whatever it waits on (a Redis command, a media server's answer)
// may never settle, and a caller that must go on cannot wait for it.

/** `promise`, or a rejection naming `what` once `ms` have passed. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`}`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
