import cluster from "node:cluster";

/**
 * Started by a parent process that holds our stdin (apps/distributed, which sets
 * KURZ_STOP_WHEN_STDIN_ENDS=1): the pipe's end, however the parent ended, calls `stop` (the
 * process's SIGTERM handler). A pool's workers share the primary's stdin and leave it to the
 * primary.
 */
export function stopWhenStdinEnds(
  stop: () => void,
  env: Record<string, string | undefined> = process.env,
): void {
  if (env.KURZ_STOP_WHEN_STDIN_ENDS !== "1" || !cluster.isPrimary) return;
  process.stdin.on("end", stop);
  process.stdin.on("error", stop);
  process.stdin.resume();
}
