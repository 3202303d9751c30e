/** A call cancelled on purpose (a newer search replaced it, the page changed): not a failure. */
export const isAbort = (error: unknown): boolean =>
  error instanceof DOMException && error.name === "AbortError";
