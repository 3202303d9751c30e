import { api } from "../../api/client";
import { readData } from "../../api/read-data";

/** Whether a domain can be added (not the platform's, not added already, not verified by another account). */
export function checkBrandedDomain(domain: string, signal: AbortSignal) {
  return readData(api.GET("/api/v1/domains/branded/check", { params: { query: { domain } }, signal }));
}
