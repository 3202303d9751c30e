import { randomUUID } from "node:crypto";
import { auditMessageOf } from "@kurz/audit";
import { AppError } from "@kurz/errors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAuditLog } from "../src/audit/list-audit-log";
import { storeAuditEvent } from "../src/audit/store-audit-event";
import { workspaces } from "../src/db/schema";
import { startTestAuthServer, type TestAuthServer } from "./support/start-test-auth-server";

let server: TestAuthServer;

beforeAll(async () => {
  server = await startTestAuthServer();
});

afterAll(async () => {
  await server?.stop();
});

const ctx = () => server.server.ctx;

async function aWorkspace(): Promise<string> {
  const id = randomUUID();
  const now = server.clock.now();
  await ctx().db.insert(workspaces).values({ id, name: "Audited", createdAt: now, updatedAt: now });
  return id;
}

function entryFor(workspaceId: string) {
  return auditMessageOf(
    "link-api",
    { type: "person", id: "p-1", surface: "rest", clientId: "c-1", clientAddress: "203.0.113.7" },
    {
      workspaceId,
      action: "link.updated",
      target: { type: "link", id: "l-1" },
      changes: { name: { before: "", after: "New" } },
      at: new Date("2026-11-29T10:00:00Z"),
    },
  );
}

describe("audit entries other services record (kurz.audit.v1)", () => {
  it("are stored once, however often a message is delivered", async () => {
    const workspaceId = await aWorkspace();
    const message = entryFor(workspaceId);
    await storeAuditEvent(ctx(), message);
    await storeAuditEvent(ctx(), message);

    const entries = await listAuditLog(ctx(), { workspaceId, limit: 100 });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorType: "person",
      actorId: "p-1",
      surface: "rest",
      clientId: "c-1",
      clientAddress: "203.0.113.7",
      action: "link.updated",
      targetType: "link",
      targetId: "l-1",
      changes: { name: { before: "", after: "New" } },
    });
  });

  it("refuse for good a message that is not an entry, and drop one whose workspace is gone", async () => {
    const refused = await storeAuditEvent(ctx(), { value: new Uint8Array([0xff, 0xff, 0xff]) }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).retryable).toBe(false);

    const notAWorkspace = entryFor("not-a-uuid");
    const invalid = await storeAuditEvent(ctx(), notAWorkspace).catch((error: unknown) => error);
    expect((invalid as AppError).code).toBe("VALIDATION_ERROR");

    const gone = randomUUID();
    await expect(storeAuditEvent(ctx(), entryFor(gone))).resolves.toBeUndefined();
    expect(await listAuditLog(ctx(), { workspaceId: gone, limit: 100 })).toEqual([]);
  });
});
