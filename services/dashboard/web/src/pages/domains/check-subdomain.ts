import { api } from "../../api/client";
import { readData } from "../../api/read-data";

/** Whether a subdomain label is free (and why not: invalid, reserved, taken). */
export function checkSubdomain(subdomain: string, signal: AbortSignal) {
  return readData(api.GET("/api/v1/domains/subdomains/check", { params: { query: { subdomain } }, signal }));
}
