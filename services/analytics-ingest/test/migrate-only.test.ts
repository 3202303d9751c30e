import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createClickStore } from "@kurz/clickstore";
import { bundleArgs } from "@kurz/testing";
import { describe, expect, it } from "vitest";

const SERVICE_DIR = fileURLToPath(new URL("../", import.meta.url));

/** A port something already listens on: a service that tried to serve would fail to bind it. */
async function occupiedPort(): Promise<{ port: number; server: Server }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  return { port: address.port, server };
}

describe("MIGRATE_ONLY (the Helm migration job)", () => {
  it("applies the ClickHouse migrations and exits 0 without serving", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "kurz-ingest-migrate-"));
    const taken = await occupiedPort();
    try {
      const child = spawn(process.execPath, bundleArgs("services/analytics-ingest"), {
        cwd: SERVICE_DIR,
        env: {
          ...process.env,
          MIGRATE_ONLY: "true",
          DATA_DIR: dataDir,
          HOST: "127.0.0.1",
          HTTP_PORT: String(taken.port),
          GRPC_PORT: String(taken.port),
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.on("data", (chunk) => {
        output += chunk;
      });
      child.stderr.on("data", (chunk) => {
        output += chunk;
      });
      const [code] = await once(child, "exit");
      expect(code, output).toBe(0);
      expect(output).toContain('"event":"service.migrated"');
      expect(output).not.toContain('"event":"service.started"');

      const store = await createClickStore({ dataDir: path.join(dataDir, "analytics-ingest", "chdb") });
      try {
        const result = await store.client.query({
          query: "SELECT name FROM system.tables WHERE database = currentDatabase() ORDER BY name",
          format: "JSONEachRow",
        });
        const tables = (await result.json<{ name: string }>()).map((row) => row.name);
        expect(tables).toEqual(
          expect.arrayContaining([
            "clicks_v1",
            "conversions_v1",
            "link_clicks_daily_v1",
            "account_requests_daily_v1",
            "link_days_v1",
            "account_clicks_hourly_v1",
            "link_dimensions_daily_v1",
            "account_dimensions_daily_v1",
            "dimension_days_v1",
            "link_refs_v1",
          ]),
        );
      } finally {
        await store.close();
      }
    } finally {
      taken.server.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
