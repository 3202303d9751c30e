import { api } from "../../api/client";
import { readData } from "../../api/read-data";

/** The link whose routing is edited, by id, code or alias. */
export async function getRoutingLink(ref: string, signal: AbortSignal) {
  const data = await readData(api.GET("/api/v1/urls/{code}", { params: { path: { code: ref } }, signal }));
  return data.url;
}
