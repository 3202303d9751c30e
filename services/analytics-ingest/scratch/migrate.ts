import { createClickStore } from "@kurz/clickstore";
const store = await createClickStore({ dataDir: process.argv[2]!, database: "kurz" });
const t = performance.now();
console.log(await store.migrate(new URL("../clickhouse", import.meta.url).pathname));
console.log("migrate ms", Math.round(performance.now() - t));
const r = await store.client.query({ query: "SELECT table, sum(rows) r, round(sum(data_compressed_bytes)/1e6,1) mb, round(sum(data_uncompressed_bytes)/1e6,1) umb, count() parts FROM system.parts WHERE active AND database = currentDatabase() GROUP BY table ORDER BY r DESC", format: "JSONEachRow" });
console.log(await r.json());
await store.close();
