import { createClickStore } from "@kurz/clickstore";
const dir = process.argv[2]!;
const store = await createClickStore({ dataDir: dir, database: "kurz" });
const q = async (sql: string, params: Record<string, unknown> = {}) =>
  (await store.client.query({ query: sql, query_params: params, format: "JSONEachRow" })).json<any>();
const time = async (name: string, sql: string, params: Record<string, unknown> = {}) => {
  for (let i = 0; i < 3; i++) await q(sql, params);
  const s: number[] = [];
  let r: any;
  for (let i = 0; i < 15; i++) { const t = performance.now(); r = await q(sql, params); s.push(performance.now() - t); }
  s.sort((a, b) => a - b);
  console.log(name.padEnd(50), s[7]!.toFixed(1), "ms", JSON.stringify(r).slice(0, 100));
};
const small = process.argv[3]!, acct = process.argv[4]!;
const stmts = (await import(process.argv[5]!)).default as Array<[string, string]>;
for (const [n, s] of stmts) await time(n, s, { small, acct });
await store.close();
