import { api } from "../../api/client";
import { readData } from "../../api/read-data";
import type { AbTestBody } from "./ab-test";

/** Creates a test as a draft: it routes nothing until it is started. */
export async function createAbTest(body: AbTestBody) {
  const data = await readData(api.POST("/api/v1/ab-tests", { body }));
  return data.test;
}
