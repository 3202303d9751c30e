import { api } from "../../api/client";
import { readData } from "../../api/read-data";

/** Starts a draft: from now on visitors of the link are split among the variants. */
export async function startAbTest(id: string) {
  const data = await readData(api.POST("/api/v1/ab-tests/{id}/start", { params: { path: { id } } }));
  return data.test;
}
