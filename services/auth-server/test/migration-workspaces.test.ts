import { createDatabase } from "@kurz/relational";
import { createTestDatabase, postgresBackend, type TestDatabase } from "@kurz/testing";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import * as schema from "../src/db/schema";
import { MIGRATIONS_FOLDER } from "../src/server";
import { findWorkspaceAccount } from "../src/workspaces/find-workspace-account";
import { migrationsUpTo } from "./support/migrations-up-to";

const postgres = await postgresBackend();
const stores = [
  { name: "PGlite", adminUrl: undefined as string | undefined },
  ...(postgres.available ? [{ name: "PostgreSQL", adminUrl: postgres.value.adminUrl }] : []),
];
const databases: TestDatabase[] = [];
afterAll(async () => {
  for (const database of databases) await database.drop();
});

const ALICE = "0190f0a0-0000-7000-8000-00000000000a";
const BOB = "0190f0a0-0000-7000-8000-00000000000b";
const KEY = "0190f0a0-0000-7000-8000-0000000000cc";
const created = new Date("2026-01-02T03:04:05.000Z");

describe.each(stores)("migration 0002_workspaces on $name", (store) => {
  it("makes every account a workspace with the same id, its plan and its person as owner, and its API keys the workspace's", async () => {
    let url: string | undefined;
    if (store.adminUrl) {
      const database = await createTestDatabase(store.adminUrl, "auth_migration_workspaces");
      databases.push(database);
      url = database.url;
    }
    const connection = await createDatabase(url ? { url } : {});
    try {
      await connection.migrate(migrationsUpTo("0001_grant_refresh_token_to_dynamic_clients"));
      const { db } = connection;
      // The tables as they were: the plan on the account, keys owned by accounts.
      await db.execute(sql`insert into accounts (id, email, name, password_hash, plan, created_at, updated_at)
        values (${ALICE}, 'alice@example.com', 'Alice Example', 'hash-a', 'business', ${created}, ${created}),
               (${BOB}, 'bob@example.com', '', 'hash-b', 'free', ${created}, ${created})`);
      await db.execute(sql`insert into api_keys (id, account_id, name, key_hash, display_prefix, permissions, created_at)
        values (${KEY}, ${ALICE}, 'ci', 'digest', 'kurz_ab', array['mcp', 'shorturl:read'], ${created})`);

      await connection.migrate(MIGRATIONS_FOLDER);

      expect(await db.select().from(schema.workspaces).orderBy(asc(schema.workspaces.id))).toEqual([
        { id: ALICE, name: "Alice Example", plan: "business", createdAt: created, updatedAt: created },
        { id: BOB, name: "bob", plan: "free", createdAt: created, updatedAt: created },
      ]);
      expect(
        await db
          .select({
            workspace: schema.memberships.workspaceId,
            person: schema.memberships.accountId,
            role: schema.memberships.role,
          })
          .from(schema.memberships)
          .orderBy(asc(schema.memberships.workspaceId)),
      ).toEqual([
        { workspace: ALICE, person: ALICE, role: "owner" },
        { workspace: BOB, person: BOB, role: "owner" },
      ]);
      const [key] = await db.select().from(schema.apiKeys).where(eq(schema.apiKeys.id, KEY));
      expect(key).toMatchObject({
        accountId: ALICE,
        role: "owner",
        createdBy: ALICE,
        permissions: ["mcp", "shorturl:read"],
      });
      // What the other services ask for (AuthService.GetAccount) answers for the same id.
      expect(await findWorkspaceAccount({ db }, ALICE)).toEqual({
        id: ALICE,
        name: "Alice Example",
        email: "alice@example.com",
        plan: "business",
        createdAt: created,
      });
      const [person] = await db.select().from(schema.accounts).where(eq(schema.accounts.id, BOB));
      expect(person).toEqual({
        id: BOB,
        email: "bob@example.com",
        name: "",
        passwordHash: "hash-b",
        createdAt: created,
        updatedAt: created,
      });
    } finally {
      await connection.close();
    }
  });
});
