import { api } from "../../api/client";
import { readData } from "../../api/read-data";

/** The account's subdomains and branded domains. */
export function listDomains(signal: AbortSignal) {
  return readData(api.GET("/api/v1/domains", { signal }));
}
