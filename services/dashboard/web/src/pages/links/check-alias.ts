import { api } from "../../api/client";
import { readData } from "../../api/read-data";

/** Whether a custom alias is free on a host (the standard short host when none is given). */
export function checkAlias(alias: string, domain: string | undefined, signal: AbortSignal) {
  return readData(
    api.GET("/api/v1/urls/check-alias", {
      params: { query: { alias, ...(domain ? { domain } : {}) } },
      signal,
    }),
  );
}
