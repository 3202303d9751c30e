import { createDatabase } from "@kurz/relational";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../src/db/schema";
import { MIGRATIONS_FOLDER } from "../src/server";
import { migrationsUpTo } from "./support/migrations-up-to";

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
