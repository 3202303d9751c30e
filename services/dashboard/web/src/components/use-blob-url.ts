import { useEffect, useState } from "preact/hooks";
import { ApiError } from "../api/api-error";
import { isAbort } from "../api/is-abort";

export type BlobUrlState =
  | { status: "loading" }
  | { status: "ready"; url: string; blob: Blob }
  | { status: "error"; error: ApiError };

/**
 * A blob the API sends (an image) as an object URL for <img src> or <a download>, loaded again
 * whenever `key` changes. The URL is revoked when it is replaced or the caller goes away, so
 * images do not pile up in memory.
 */
export function useBlobUrl(key: string, load: (signal: AbortSignal) => Promise<Blob>): BlobUrlState {
  const [state, setState] = useState<BlobUrlState>({ status: "loading" });
  // `key` stands for everything `load` reads: `load` itself is a new function on every render.
  useEffect(() => {
    const controller = new AbortController();
    let url: string | undefined;
    setState({ status: "loading" });
    load(controller.signal).then(
      (blob) => {
        url = URL.createObjectURL(blob);
        setState({ status: "ready", url, blob });
      },
      (error: unknown) => {
        if (isAbort(error)) return;
        setState({
          status: "error",
          error:
            error instanceof ApiError
              ? error
              : new ApiError(0, { code: "UNEXPECTED", error: "The image could not be loaded." }),
        });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [key]);
  return state;
}
