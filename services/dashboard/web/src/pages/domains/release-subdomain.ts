import { api } from "../../api/client";
import { readData } from "../../api/read-data";

/** Gives a subdomain up (the API refuses while links still use it). */
export async function releaseSubdomain(subdomain: string): Promise<void> {
  await readData(api.DELETE("/api/v1/domains/subdomains/{subdomain}", { params: { path: { subdomain } } }));
}
