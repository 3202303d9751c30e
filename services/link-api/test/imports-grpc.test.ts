import { randomUUID } from "node:crypto";
import { linksV1 } from "@kurz/proto";
import { createTestDatabase, postgresBackend, type TestDatabase } from "@kurz/testing";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imports } from "../src/db/schema";
import { startTestLinkApi, type TestLinkApi } from "./support/start-test-link-api";

const backend = await postgresBackend();
/** Small, so the oversized file is cheap to send (REST's IMPORT_MAX_BYTES, set for the test). */
const MAX_BYTES = 16 * 1024;

const text = (value: string) => Buffer.from(value, "utf8");

describe.skipIf(!backend.available)("LinkService imports (StartImport, GetImport, CancelImport)", () => {
  let database: TestDatabase;
  let api: TestLinkApi;

  beforeAll(async () => {
    if (!backend.available) return;
    database = await createTestDatabase(backend.value.adminUrl, "kurz_test_link_api_imports_grpc");
    api = await startTestLinkApi({ databaseUrl: database.url, imports: { maxBytes: MAX_BYTES } });
  });

  afterAll(async () => {
    await api?.close();
    await database?.drop();
  });

  async function importsOf(accountId: string): Promise<number> {
    const [row] = await api.db.select({ n: count() }).from(imports).where(eq(imports.accountId, accountId));
    return row?.n ?? 0;
  }

  /** Runs every queued import to its end with the app's worker. */
  async function runQueued(): Promise<void> {
    while ((await api.app.importWorker.runOnce()) !== undefined) {}
  }

  it("queues a file given as bytes, detects its format, and reports the finished import's counts and row errors", async () => {
    const accountId = randomUUID();
    const code = `g${randomUUID().slice(0, 8)}`;
    const csv = [
      "url,alias,name,tags",
      `https://example.com/one,${code},First,`,
      "https://example.com/two,,Second,",
      "javascript:alert(1),,Bad,",
    ].join("\n");

    const started = await api.links.startImport(
      { content: text(csv), tags: ["Imported"], onConflict: linksV1.ImportConflict.SUFFIX },
      { accountId },
    );
    expect(started.import).toMatchObject({
      status: linksV1.ImportStatus.QUEUED,
      format: linksV1.ImportFormat.GENERIC,
      onConflict: linksV1.ImportConflict.SUFFIX,
      tags: ["imported"],
      dryRun: false,
      bytes: BigInt(Buffer.byteLength(csv)),
    });
    const id = started.import!.id;

    await runQueued();
    const { import: done } = await api.links.getImport({ id }, { accountId });
    expect(done).toMatchObject({
      id,
      status: linksV1.ImportStatus.COMPLETED,
      total: 3,
      processed: 3,
      created: 2,
      skipped: 0,
      failed: 1,
    });
    expect(done!.errors.map(({ row, code }) => ({ row, code }))).toEqual([{ row: 3, code: "INVALID_URL" }]);
    expect(done!.errors[0]?.message).not.toBe("");
    expect(done!.startedAt).toBeDefined();
    expect(done!.finishedAt).toBeDefined();

    const listed = await api.links.listLinks({ tag: "imported" }, { accountId });
    expect(listed.links.map((link) => link.code)).toContain(code);
    expect(listed.links).toHaveLength(2);
  });

  it("answers NOT_FOUND alike for another account's import, an unknown id and a malformed one", async () => {
    const owner = randomUUID();
    const { import: started } = await api.links.startImport(
      { content: text("url\nhttps://example.com/mine\n"), dryRun: true },
      { accountId: owner },
    );
    const other = randomUUID();
    for (const id of [started!.id, randomUUID(), "not-a-uuid"]) {
      await expect(api.links.getImport({ id }, { accountId: other })).rejects.toMatchObject({
        code: "NOT_FOUND",
      });
      await expect(api.links.cancelImport({ id }, { accountId: other })).rejects.toMatchObject({
        code: "NOT_FOUND",
      });
    }
    expect((await api.links.getImport({ id: started!.id }, { accountId: owner })).import?.dryRun).toBe(true);
  });

  it("refuses a file over the REST upload's limit as PAYLOAD_TOO_LARGE and stores nothing", async () => {
    const accountId = randomUUID();
    const rows = Array.from({ length: 600 }, (_, i) => `https://example.com/page-${i}`);
    const csv = `url\n${rows.join("\n")}\n`;
    expect(Buffer.byteLength(csv)).toBeGreaterThan(MAX_BYTES);

    await expect(api.links.startImport({ content: text(csv) }, { accountId })).rejects.toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
    });
    expect(await importsOf(accountId)).toBe(0);
  });

  it("refuses an empty file, an undetectable format, an unknown option value and a foreign campaign before storing", async () => {
    const accountId = randomUUID();
    const refused: Array<[string, Parameters<TestLinkApi["links"]["startImport"]>[0], string]> = [
      ["an empty file", { content: text("") }, "VALIDATION_ERROR"],
      ["a file of no known format", { content: text("just some words\n") }, "VALIDATION_ERROR"],
      [
        "an unknown format value",
        { content: text("url\nhttps://example.com\n"), format: 99 as linksV1.ImportFormat },
        "VALIDATION_ERROR",
      ],
      [
        "an unknown on_conflict value",
        { content: text("url\nhttps://example.com\n"), onConflict: 42 as linksV1.ImportConflict },
        "VALIDATION_ERROR",
      ],
      [
        "too many tags",
        { content: text("url\nhttps://example.com\n"), tags: Array.from({ length: 21 }, (_, i) => `t${i}`) },
        "VALIDATION_ERROR",
      ],
      [
        "a campaign that is not the account's",
        { content: text("url\nhttps://example.com\n"), campaignId: randomUUID() },
        "NOT_FOUND",
      ],
    ];
    for (const [what, request, code] of refused) {
      await expect(api.links.startImport(request, { accountId }), what).rejects.toMatchObject({ code });
    }
    expect(await importsOf(accountId)).toBe(0);
  });

  it("cancels a queued import once; a finished one is INVALID_STATE", async () => {
    const accountId = randomUUID();
    const { import: started } = await api.links.startImport(
      { content: text("url\nhttps://example.com/later\n"), format: linksV1.ImportFormat.GENERIC },
      { accountId },
    );
    const { import: cancelled } = await api.links.cancelImport({ id: started!.id }, { accountId });
    expect(cancelled?.status).toBe(linksV1.ImportStatus.CANCELLED);
    await expect(api.links.cancelImport({ id: started!.id }, { accountId })).rejects.toMatchObject({
      code: "INVALID_STATE",
    });
    await runQueued();
    expect((await api.links.getImport({ id: started!.id }, { accountId })).import).toMatchObject({
      status: linksV1.ImportStatus.CANCELLED,
      created: 0,
    });
  });

  it("needs shorturl:create to start or cancel an import, as REST does; shorturl:read reads one", async () => {
    const accountId = randomUUID();
    const { import: started } = await api.links.startImport(
      { content: text("url\nhttps://example.com/scoped\n"), dryRun: true },
      { accountId },
    );
    const reader = {
      actor: { accessToken: await api.issuer.mint({ accountId, scopes: ["shorturl:read"] }) },
    };

    await expect(
      api.links.startImport({ content: text("url\nhttps://example.com/x\n") }, reader),
    ).rejects.toMatchObject({ code: "INSUFFICIENT_SCOPE" });
    await expect(api.links.cancelImport({ id: started!.id }, reader)).rejects.toMatchObject({
      code: "INSUFFICIENT_SCOPE",
    });
    expect((await api.links.getImport({ id: started!.id }, reader)).import?.id).toBe(started!.id);
  });
});
