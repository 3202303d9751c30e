import { api } from "../../api/client";
import { readData } from "../../api/read-data";

/** Pauses a running test: visitors get the link's own destination meanwhile. */
export async function pauseAbTest(id: string) {
  const data = await readData(api.POST("/api/v1/ab-tests/{id}/pause", { params: { path: { id } } }));
  return data.test;
}
