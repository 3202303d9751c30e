import { randomUUID } from "node:crypto";
import { create, toBinary } from "@bufbuild/protobuf";
import { createGrpcClient } from "@kurz/grpc";
import { abtestsV1, eventsV1, linksV1 } from "@kurz/proto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropEndedAbRouting } from "../src/abtests/drop-ended-ab-routing";
import { startTestLinkApi, type TestLinkApi } from "./support/start-test-link-api";

/** CreateRotatorLink and SetAbRouting: abtest-engine's own methods on link-api (docs/api/ab-tests.md#link-binding). */

let api: TestLinkApi;
let asEngine: ReturnType<typeof clientAs>;

function clientAs(service: string) {
  return createGrpcClient(linksV1.LinkService, api.grpcAddress, {
    auth: { audience: "link-api", tokens: api.issuer.tokensFor(service) },
    retry: { maxAttempts: 1 },
  });
}

beforeAll(async () => {
  api = await startTestLinkApi();
  asEngine = clientAs("abtest-engine");
});

afterAll(async () => {
  asEngine?.close();
  await api.close();
});

function variant(destinationUrl: string, weight: number, control = false) {
  return { variantId: randomUUID(), destinationUrl, weight, control };
}

describe("A/B routing on link-api", () => {
  it("creates a dynamic, conversion-tracked rotator link and routes, re-routes and completes it", async () => {
    const accountId = randomUUID();
    const { link } = await asEngine.createRotatorLink({
      accountId,
      url: "https://shop.example.com/old",
      customAlias: `rot-${accountId.slice(0, 8)}`,
      name: "Spring test",
    });
    expect(link).toMatchObject({ accountId, dynamic: true, conversionTracking: true });
    const testId = randomUUID();
    const variants = [
      variant("https://shop.example.com/old", 50, true),
      variant("https://shop.example.com/new", 50),
    ];
    await asEngine.setAbRouting({ accountId, linkId: link!.id, abTestId: testId, variants });
    const resolved = await api.links.resolve({ host: link!.host, code: link!.code });
    expect(resolved.link).toMatchObject({ abTestId: testId });
    expect(resolved.link!.abVariants.map((v) => [v.destinationUrl, v.weight, v.control])).toEqual([
      ["https://shop.example.com/old", 50, true],
      ["https://shop.example.com/new", 50, false],
    ]);

    // Completion: routing off, the winner's destination is the link's for good.
    const before = resolved.link!.version;
    await asEngine.setAbRouting({
      accountId,
      linkId: link!.id,
      abTestId: "",
      variants: [],
      destinationUrl: "https://shop.example.com/new",
    });
    const after = await api.links.resolve({ host: link!.host, code: link!.code });
    // A new version: the change event makes every edge cache drop the routed snapshot.
    expect(after.link!.version).toBeGreaterThan(before);
    expect(after.link).toMatchObject({ abTestId: "", destinationUrl: "https://shop.example.com/new" });
    expect(after.link!.abVariants).toEqual([]);
  });

  it("refuses to turn a routed link's tracking off (409 ab_test_running) until the routing ends", async () => {
    const accountId = randomUUID();
    const { link } = await asEngine.createRotatorLink({
      accountId,
      url: "https://shop.example.com/a",
      customAlias: `trk-${accountId.slice(0, 8)}`,
      name: "Tracking test",
    });
    const patch = async (payload: object) =>
      api.http.inject({
        method: "PATCH",
        url: `/api/v1/urls/${link!.code}`,
        headers: await api.auth(accountId),
        payload,
      });
    await asEngine.setAbRouting({
      accountId,
      linkId: link!.id,
      abTestId: randomUUID(),
      variants: [variant("https://shop.example.com/a", 50, true), variant("https://shop.example.com/b", 50)],
    });
    for (const field of ["tracking_enabled", "conversion_tracking"]) {
      const refused = await patch({ [field]: false });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: "INVALID_STATE",
        details: { field, reason: "ab_test_running" },
      });
    }
    expect((await patch({ name: "Still editable" })).statusCode).toBe(200);
    const resolved = await api.links.resolve({ host: link!.host, code: link!.code });
    expect(resolved.link).toMatchObject({ trackingEnabled: true, conversionTracking: true });

    await asEngine.setAbRouting({ accountId, linkId: link!.id, abTestId: "", variants: [] });
    expect((await patch({ tracking_enabled: false })).statusCode).toBe(200);
  });

  it("drops the routing of a test abtest-engine announces deleted or completed, and only that test's", async () => {
    const accountId = randomUUID();
    const rotator = async (alias: string) =>
      (
        await asEngine.createRotatorLink({
          accountId,
          url: "https://shop.example.com/a",
          customAlias: `${alias}-${accountId.slice(0, 8)}`,
          name: alias,
        })
      ).link!;
    const routeTo = async (linkId: string, abTestId: string) =>
      asEngine.setAbRouting({
        accountId,
        linkId,
        abTestId,
        variants: [
          variant("https://shop.example.com/a", 50, true),
          variant("https://shop.example.com/b", 50),
        ],
      });
    const ended = (type: string, testId: string, linkId: string) => {
      const payload = create(abtestsV1.AbTestChangedSchema, {
        test: { id: testId, accountId, linkId, status: type === "abtest.deleted" ? "draft" : "completed" },
      });
      const envelope = create(eventsV1.EventEnvelopeSchema, {
        id: randomUUID(),
        type,
        accountId,
        key: accountId,
        source: "abtest-engine",
        payload: toBinary(abtestsV1.AbTestChangedSchema, payload),
        payloadType: abtestsV1.AbTestChangedSchema.typeName,
      });
      return { value: toBinary(eventsV1.EventEnvelopeSchema, envelope) };
    };
    const routedTest = async (link: { host: string; code: string }) =>
      (await api.links.resolve({ host: link.host, code: link.code })).link!.abTestId;

    // A draft deleted after a start whose answer was lost: link-api still routes it.
    const deleted = await rotator("gone");
    const deletedTest = randomUUID();
    await routeTo(deleted.id, deletedTest);
    await dropEndedAbRouting(api.app.ctx, ended("abtest.deleted", deletedTest, deleted.id));
    expect(await routedTest(deleted)).toBe("");

    const completed = await rotator("done");
    const completedTest = randomUUID();
    await routeTo(completed.id, completedTest);
    await dropEndedAbRouting(api.app.ctx, ended("abtest.completed", completedTest, completed.id));
    expect(await routedTest(completed)).toBe("");

    // Another test now routes the link: an old test's end leaves it alone, and a pause is not an end.
    const current = randomUUID();
    await routeTo(completed.id, current);
    await dropEndedAbRouting(api.app.ctx, ended("abtest.deleted", completedTest, completed.id));
    await dropEndedAbRouting(api.app.ctx, ended("abtest.paused", current, completed.id));
    expect(await routedTest(completed)).toBe(current);
  });

  it("is refused to every service but abtest-engine, and to user tokens", async () => {
    const accountId = randomUUID();
    const { link } = await api.links.createLink(
      { url: "https://example.com/p", isDynamic: true },
      { accountId },
    );
    for (const service of ["mcp-gateway", "redirector", "analytics-ingest"]) {
      const other = clientAs(service);
      try {
        await expect(
          other.setAbRouting({
            accountId,
            linkId: link!.id,
            abTestId: randomUUID(),
            variants: [variant("https://example.com/a", 50, true), variant("https://example.com/b", 50)],
          }),
        ).rejects.toMatchObject({ code: "FORBIDDEN" });
        await expect(
          other.createRotatorLink({ accountId, url: "https://example.com/r" }),
        ).rejects.toMatchObject({
          code: "FORBIDDEN",
        });
      } finally {
        other.close();
      }
    }
    // A service forwarding a user's token (the account's own, every scope) is refused too.
    await expect(
      api.links.setAbRouting(
        {
          accountId,
          linkId: link!.id,
          abTestId: randomUUID(),
          variants: [variant("https://example.com/a", 50, true), variant("https://example.com/b", 50)],
        },
        { accountId },
      ),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    const unchanged = await api.links.resolve({ host: link!.host, code: link!.code });
    expect(unchanged.link!.abTestId).toBe("");
  });

  it("refuses bad routing with stable codes and changes nothing", async () => {
    const accountId = randomUUID();
    const { link } = await api.links.createLink(
      { url: "https://example.com/q", isDynamic: true },
      { accountId },
    );
    const two = [variant("https://example.com/a", 50, true), variant("https://example.com/b", 50)];
    const cases: Array<[Parameters<typeof asEngine.setAbRouting>[0], string]> = [
      [
        { accountId, linkId: link!.id, abTestId: randomUUID(), variants: two.slice(0, 1) },
        "VALIDATION_ERROR",
      ],
      [
        {
          accountId,
          linkId: link!.id,
          abTestId: randomUUID(),
          variants: [variant("javascript:alert(1)", 50, true), variant("https://example.com/b", 50)],
        },
        "VALIDATION_ERROR",
      ],
      [{ accountId, linkId: "not-a-uuid", abTestId: randomUUID(), variants: two }, "VALIDATION_ERROR"],
      [{ accountId: "someone", linkId: link!.id, abTestId: randomUUID(), variants: two }, "VALIDATION_ERROR"],
      // Another account's link is not found, not routed.
      [{ accountId: randomUUID(), linkId: link!.id, abTestId: randomUUID(), variants: two }, "URL_NOT_FOUND"],
    ];
    for (const [request, code] of cases) {
      await expect(asEngine.setAbRouting(request), JSON.stringify(request)).rejects.toMatchObject({ code });
    }
    const unchanged = await api.links.resolve({ host: link!.host, code: link!.code });
    expect(unchanged.link).toMatchObject({ abTestId: "", destinationUrl: "https://example.com/q" });
  });
});
