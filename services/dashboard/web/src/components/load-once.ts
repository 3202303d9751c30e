/**
 * Starts `load` on the first call and hands every later call the same promise, so a page's chunk
 * stays loaded for later visits. A failed load (a deploy replaced the chunk, the network dropped)
 * is forgotten, so the next call tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load();
    pending.catch(() => {
      pending = undefined;
    });
    return pending;
  };
}
