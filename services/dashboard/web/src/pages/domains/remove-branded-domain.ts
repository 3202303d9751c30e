import { api } from "../../api/client";
import { readData } from "../../api/read-data";

/** Removes a branded domain (the API refuses while links use it). */
export async function removeBrandedDomain(domain: string): Promise<void> {
  await readData(api.DELETE("/api/v1/domains/branded/{domain}", { params: { path: { domain } } }));
}
