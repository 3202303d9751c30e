import { api } from "../../api/client";
import { readData } from "../../api/read-data";

export async function reserveSubdomain(body: { subdomain: string; name?: string }) {
  const data = await readData(api.POST("/api/v1/domains/subdomains", { body }));
  return data.subdomain;
}
