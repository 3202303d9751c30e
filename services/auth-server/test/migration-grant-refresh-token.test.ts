import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDatabase } from "@kurz/relational";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import * as schema from "../src/db/schema";
import { MIGRATIONS_FOLDER } from "../src/server";

const temporary: string[] = [];

afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

/** The migrations folder as it was at `tag`: its SQL files and a journal ending there. */
function migrationsUpTo(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "kurz-auth-migrations-"));
  temporary.push(dir);
  cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalFile = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: Array<{ tag: string }> };
  const end = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(end, `migration ${tag}`).toBeGreaterThanOrEqual(0);
  journal.entries = journal.entries.slice(0, end + 1);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

const client = (clientId: string, kind: string, grantTypes: string[]) => ({
  clientId,
  clientName: clientId,
  secretHash: null,
  tokenEndpointAuthMethod: "none",
  redirectUris: ["https://agent.example/cb"],
  grantTypes,
  responseTypes: ["code"],
  kind,
  createdAt: new Date(),
});

describe("migration 0001_grant_refresh_token_to_dynamic_clients", () => {
  it("gives clients registered for authorization_code alone the refresh_token grant, and leaves the others as they were", async () => {
    const connection = await createDatabase({ schema });
    try {
      await connection.migrate(migrationsUpTo("0000_create_auth_tables"));
      await connection.db
        .insert(schema.oauthClients)
        .values([
          client("code-only", "dynamic", ["authorization_code"]),
          client("both", "dynamic", ["authorization_code", "refresh_token"]),
          client("configured", "preregistered", ["authorization_code"]),
        ]);

      await connection.migrate(MIGRATIONS_FOLDER);

      const grantsOf = async (clientId: string) =>
        (
          await connection.db
            .select({ grantTypes: schema.oauthClients.grantTypes })
            .from(schema.oauthClients)
            .where(eq(schema.oauthClients.clientId, clientId))
        )[0]?.grantTypes;
      expect(await grantsOf("code-only")).toEqual(["authorization_code", "refresh_token"]);
      expect(await grantsOf("both")).toEqual(["authorization_code", "refresh_token"]);
      // Configured clients are rewritten from configuration on every start.
      expect(await grantsOf("configured")).toEqual(["authorization_code"]);
    } finally {
      await connection.close();
    }
  });
});
