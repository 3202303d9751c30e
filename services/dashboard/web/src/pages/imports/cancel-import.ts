import { api } from "../../api/client";
import { readData } from "../../api/read-data";

/** Stops a queued or running import; the links it made so far stay. */
export async function cancelImport(id: string) {
  const data = await readData(api.POST("/api/v1/imports/{id}/cancel", { params: { path: { id } } }));
  return data.import;
}
