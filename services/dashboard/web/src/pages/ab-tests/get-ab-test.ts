import { api } from "../../api/client";
import { readData } from "../../api/read-data";

export async function getAbTest(id: string, signal: AbortSignal) {
  const data = await readData(api.GET("/api/v1/ab-tests/{id}", { params: { path: { id } }, signal }));
  return data.test;
}
