import { api } from "../../api/client";
import { readData } from "../../api/read-data";

export async function addBrandedDomain(body: { domain: string; name?: string }) {
  const data = await readData(api.POST("/api/v1/domains/branded", { body }));
  return data.brandedDomain;
}
