import { api } from "../../api/client";
import { readData } from "../../api/read-data";

/** Looks the TXT record up now; the answer carries the domain with this check's result and time. */
export function verifyBrandedDomain(domain: string) {
  return readData(api.POST("/api/v1/domains/branded/{domain}/verify", { params: { path: { domain } } }));
}
