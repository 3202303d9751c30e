import { api } from "../../api/client";
import { readData } from "../../api/read-data";

/** Deletes a test; a live one's routing goes first, and the link stays. */
export async function deleteAbTest(id: string): Promise<void> {
  await readData(api.DELETE("/api/v1/ab-tests/{id}", { params: { path: { id } } }));
}
