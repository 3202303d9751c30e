/** Settles with the work, or with "aborted" as soon as the signal fires (the work runs on, unobserved). */
export function unlessAborted(work: Promise<void>, signal: AbortSignal): Promise<"done" | "aborted"> {
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve("aborted");
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
    work.then(
      () => {
        signal.removeEventListener("abort", onAbort);
        resolve("done");
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
