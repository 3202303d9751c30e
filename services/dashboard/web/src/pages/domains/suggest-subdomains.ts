import { api } from "../../api/client";
import { readData } from "../../api/read-data";

/** Free subdomains derived from a word. */
export async function suggestSubdomains(base: string, signal: AbortSignal): Promise<string[]> {
  const data = await readData(
    api.GET("/api/v1/domains/subdomains/suggestions", { params: { query: { base, limit: 5 } }, signal }),
  );
  return data.suggestions;
}
