import { api } from "../../api/client";
import { readData } from "../../api/read-data";

/** One import: its status and progress counts. */
export async function getImport(id: string, signal: AbortSignal) {
  const data = await readData(api.GET("/api/v1/imports/{id}", { params: { path: { id } }, signal }));
  return data.import;
}
