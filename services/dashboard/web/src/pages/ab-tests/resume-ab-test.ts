import { api } from "../../api/client";
import { readData } from "../../api/read-data";

/** Resumes a paused test: visitors are split among the variants again. */
export async function resumeAbTest(id: string) {
  const data = await readData(api.POST("/api/v1/ab-tests/{id}/resume", { params: { path: { id } } }));
  return data.test;
}
