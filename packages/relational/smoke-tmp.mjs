import { PGlite } from "@electric-sql/pglite";
const rss = () => Math.round(process.memoryUsage().rss/1e6);
console.log("start", rss());
for (let i = 0; i < 3; i++) {
  const t0 = Date.now();
  const c = new PGlite({ dataDir: `/tmp/kurz-cache-helper/pgl-${i}` });
  await c.waitReady;
  await c.query("create table if not exists x(id int)");
  console.log(i, "ready", Date.now()-t0, "ms rss", rss());
}
