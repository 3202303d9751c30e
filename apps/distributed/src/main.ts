import { runMain } from "@kurz/service-runtime";
import { startDistributed } from "./start-distributed";

await runMain(async () => {
  const cluster = await startDistributed();
  process.stdout.write(`Kurz (distributed) is up at ${cluster.url}\n`);
  return cluster;
});
