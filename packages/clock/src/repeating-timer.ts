/** Runs `run` every `intervalMs` until cancelled; injectable so tests fire it themselves. */
export interface RepeatingTimer {
  every(intervalMs: number, run: () => Promise<void>): () => void;
}

export const systemTimer: RepeatingTimer = {
  every(intervalMs, run) {
    const handle = setInterval(() => void run(), intervalMs);
    // A pending run must not keep a stopping process alive: each user's stop() finishes its work.
    handle.unref();
    return () => clearInterval(handle);
  },
};
