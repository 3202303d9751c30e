import { api } from "../../api/client";
import { readData } from "../../api/read-data";

/** The test's results since its first start: per-variant numbers, the verdict and its reason. */
export async function getAbTestResults(id: string, signal: AbortSignal) {
  const data = await readData(
    api.GET("/api/v1/ab-tests/{id}/analytics", { params: { path: { id } }, signal }),
  );
  return data.analytics;
}
