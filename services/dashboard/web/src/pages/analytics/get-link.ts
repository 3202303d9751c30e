import { api } from "../../api/client";
import { readData } from "../../api/read-data";

/** The link whose analytics are shown (its short URL, name and destination), by id, code or alias. */
export async function getLink(ref: string, signal: AbortSignal) {
  const data = await readData(api.GET("/api/v1/urls/{code}", { params: { path: { code: ref } }, signal }));
  return data.url;
}
