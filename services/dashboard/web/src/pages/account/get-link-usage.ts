import { api } from "../../api/client";
import { readData } from "../../api/read-data";

/** How many links the account has (and their clicks), against its plan's maximum. */
export async function getLinkUsage(signal: AbortSignal) {
  const data = await readData(api.GET("/api/v1/urls/stats", { signal }));
  return data.stats;
}
