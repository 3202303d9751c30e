import type { ClickStore } from "@kurz/clickstore";

/** Runs one parameterized SELECT and returns its rows (JSONEachRow). */
export async function queryRows<T>(
  store: ClickStore,
  query: string,
  params: Record<string, unknown>,
): Promise<T[]> {
  const result = await store.client.query({ query, query_params: params, format: "JSONEachRow" });
  return result.json<T>();
}

/** ClickHouse sends 64-bit integers (and decimals) as strings in JSON. */
export function num(value: unknown): number {
  const n = typeof value === "number" ? value : Number(value ?? 0);
  return Number.isFinite(n) ? n : 0;
}
