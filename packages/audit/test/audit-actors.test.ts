import { fromBinary } from "@bufbuild/protobuf";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import type { AccessToken } from "@kurz/auth-verifier";
import { eventTopics } from "@kurz/events";
import { runWithCallPrincipal } from "@kurz/grpc";
import { auditV1, eventsV1 } from "@kurz/proto";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import {
  auditFields,
  auditMessagesFor,
  changesBetween,
  currentAuditActor,
  runAsAuditActor,
  scopeAuditActors,
} from "../src/index";

const WORKSPACE = "0190d6a4-1111-7000-8000-000000000001";
const record = {
  workspaceId: WORKSPACE,
  action: "link.updated",
  target: { type: "link", id: "l-1" },
  changes: { name: { before: "", after: "New" } },
  at: new Date("2026-11-29T10:00:00Z"),
};

describe("the actor of a change", () => {
  it("is the scope's actor across awaits, and nobody outside a scope", async () => {
    expect(currentAuditActor()).toBeUndefined();
    const actor = { type: "person" as const, id: "p-1", surface: "rest" as const };
    const seen = await runAsAuditActor(actor, async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return currentAuditActor();
    });
    expect(seen).toEqual(actor);
    expect(auditMessagesFor("link-api", record)).toEqual([]);
  });

  it("is the person or API key behind a gRPC call, through MCP or another service", () => {
    const asKey = runWithCallPrincipal(
      {
        service: "mcp-gateway",
        accountId: WORKSPACE,
        scopes: new Set(),
        actor: { type: "api_key", id: "k-1" },
      },
      currentAuditActor,
    );
    expect(asKey).toEqual({ type: "api_key", id: "k-1", surface: "mcp" });
    const asPerson = runWithCallPrincipal(
      {
        service: "dashboard",
        accountId: WORKSPACE,
        scopes: new Set(),
        actor: { type: "person", id: "p-2", clientId: "c-1" },
      },
      currentAuditActor,
    );
    expect(asPerson).toEqual({ type: "person", id: "p-2", surface: "grpc", clientId: "c-1" });
    // A service on its own behalf (no actor) is nobody's change.
    expect(
      runWithCallPrincipal(
        { service: "abtest-engine", accountId: undefined, scopes: new Set() },
        currentAuditActor,
      ),
    ).toBeUndefined();
  });

  it("is the person of a REST route's verified token, with the client and address", async () => {
    const app = Fastify();
    scopeAuditActors(app);
    const token = { userId: "p-3", clientId: "kurz-dashboard", accountId: WORKSPACE } as AccessToken;
    app.get("/guarded", {
      preHandler: async (request) => {
        request.accessToken = token;
      },
      handler: async () => currentAuditActor() ?? null,
    });
    app.get("/open", async () => currentAuditActor() ?? null);
    const guarded = await app.inject({ method: "GET", url: "/guarded" });
    expect(guarded.json()).toEqual({
      type: "person",
      id: "p-3",
      surface: "dashboard",
      clientId: "kurz-dashboard",
      clientAddress: "127.0.0.1",
    });
    expect((await app.inject({ method: "GET", url: "/open" })).body).toBe("null");
    await app.close();
  });
});

describe("an audit entry on its way to auth-server", () => {
  it("is one AuditRecorded in an envelope keyed by workspace, on kurz.audit.v1", () => {
    const actor = { type: "api_key" as const, id: "k-9", surface: "mcp" as const };
    const [message] = runAsAuditActor(actor, () => auditMessagesFor("link-api", record));
    expect(message).toMatchObject({ topic: eventTopics.audit, key: WORKSPACE });
    const envelope = fromBinary(eventsV1.EventEnvelopeSchema, message!.value);
    expect(envelope).toMatchObject({ type: "audit.recorded", accountId: WORKSPACE, source: "link-api" });
    const event = fromBinary(auditV1.AuditRecordedSchema, envelope.payload);
    expect(event.id).toBe(envelope.id);
    expect(event).toMatchObject({
      workspaceId: WORKSPACE,
      action: "link.updated",
      targetType: "link",
      targetId: "l-1",
      actor: { type: "api_key", id: "k-9", surface: "mcp", clientId: "", clientAddress: "" },
    });
    expect(timestampDate(event.occurredAt!)).toEqual(record.at);
    expect(JSON.parse(event.changesJson)).toEqual(record.changes);
  });

  it("shows what a person set: no bookkeeping, no excluded secret, dates as text, bytes as a marker", () => {
    const fields = auditFields(
      {
        id: "x",
        accountId: "a",
        createdAt: new Date(0),
        updatedAt: new Date(0),
        name: "n",
        secretSealed: "s",
        expiresAt: new Date("2027-01-01T00:00:00Z"),
        logo: new Uint8Array([1]),
      },
      ["secretSealed"],
    );
    expect(fields).toEqual({ name: "n", expiresAt: "2027-01-01T00:00:00.000Z", logo: "(binary)" });
    expect(changesBetween({ a: 1, b: [1] }, { a: 1, b: [2], c: null })).toEqual({
      b: { before: [1], after: [2] },
    });
  });
});
