import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { bundleArgs, createTestDatabase, postgresBackend } from "@kurz/testing";
import pg from "pg";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const postgres = await postgresBackend();

describe.skipIf(!postgres.available)("MIGRATE_ONLY (the Helm migration job)", () => {
  it.each(["auth-server", "link-api"])(
    "%s applies its migrations and exits 0 without serving",
    async (service) => {
      if (!postgres.available) throw new Error("unreachable");
      const database = await createTestDatabase(
        postgres.value.adminUrl,
        `kurz_migrate_${service.replace("-", "_")}`,
      );
      try {
        const child = spawn(process.execPath, bundleArgs(`services/${service}`), {
          cwd: root,
          env: {
            ...process.env,
            MIGRATE_ONLY: "true",
            DATABASE_URL: database.url,
            HTTP_PORT: "1",
            GRPC_PORT: "1",
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
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        try {
          const { rows } = await client.query(
            "select count(*)::int as n from information_schema.tables where table_schema = 'public'",
          );
          expect(rows[0].n).toBeGreaterThan(0);
        } finally {
          await client.end();
        }
      } finally {
        await database.drop();
      }
    },
    60_000,
  );
});
