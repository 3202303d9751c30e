import { useCallback, useEffect, useState } from "preact/hooks";
import { ApiError } from "../api/api-error";
import { isAbort } from "../api/is-abort";

export type QueryState<T> =
  | { status: "loading"; data: undefined; error: undefined }
  | { status: "ready"; data: T; error: undefined }
  | { status: "error"; data: undefined; error: ApiError };

export type ApiQuery<T> = QueryState<T> & {
  /** True while a newer answer is on its way and the shown data is the previous one. */
  refreshing: boolean;
  reload: () => void;
};

const asApiError = (error: unknown) =>
  error instanceof ApiError
    ? error
    : new ApiError(0, { code: "UNEXPECTED", error: "Something went wrong. Try again." });

/**
 * Loads data from the API whenever `key` changes (a string of everything the call depends on).
 * The previous call is aborted, and its data stays shown until the new one arrives, so paging and
 * searching do not flash an empty page.
 */
export function useApiQuery<T>(key: string, load: (signal: AbortSignal) => Promise<T>): ApiQuery<T> {
  const [state, setState] = useState<QueryState<T>>({
    status: "loading",
    data: undefined,
    error: undefined,
  });
  const [refreshing, setRefreshing] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // `key` stands for everything `load` reads: `load` itself is a new function on every render.
  useEffect(() => {
    const controller = new AbortController();
    setRefreshing(true);
    load(controller.signal).then(
      (data) => {
        setState({ status: "ready", data, error: undefined });
        setRefreshing(false);
      },
      (error: unknown) => {
        if (isAbort(error)) return;
        setState({ status: "error", data: undefined, error: asApiError(error) });
        setRefreshing(false);
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, refreshing: refreshing && state.status === "ready", reload };
}
