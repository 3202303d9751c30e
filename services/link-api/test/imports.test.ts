import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { Readable } from "node:stream";
import { TestClock } from "@kurz/clock";
import { AppError } from "@kurz/errors";
import { IMPORT_FORMATS, type ImportFormat, type ImportRecord, parseImport } from "@kurz/link-import";
import { createTestDatabase, postgresBackend, type TestDatabase, waitFor } from "@kurz/testing";
import { parse } from "csv-parse/sync";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { brandedDomains, type LinkRow, links } from "../src/db/schema";
import { claimImport } from "../src/imports/claim-import";
import { createImportWorker } from "../src/imports/import-worker";
import { aliasProblem } from "../src/links/link-fields";
import { normalizeTags } from "../src/links/normalize-tags";
import { realPlan } from "./support/real-plan";
import { startTestLinkApi, type TestLinkApi } from "./support/start-test-link-api";

const backend = await postgresBackend();
const FIXTURES = new URL("../../../packages/link-import/test/fixtures/", import.meta.url);
const FIXTURE_FILES: Record<ImportFormat, string> = {
  bitly: "bitly.csv",
  dub: "dub.csv",
  shortio: "shortio.csv",
  shlink: "shlink.csv",
  yourls: "yourls.csv",
  kutt: "kutt.json",
  rebrandly: "rebrandly.json",
  generic: "generic.csv",
};
const LIMITED = "imports-limited";
/** Small, so the oversized upload is cheap to send. */
const MAX_BYTES = 64 * 1024;
const LEASE_MS = 60_000;

interface ImportBody {
  id: string;
  status: string;
  format: string;
  total: number;
  processed: number;
  created: number;
  skipped: number;
  failed: number;
  errors: Array<{ row: number; code: string; message: string }>;
  dry_run: boolean;
  on_conflict: string;
}

function fixture(format: ImportFormat): string {
  return readFileSync(new URL(FIXTURE_FILES[format], FIXTURES), "utf8");
}

async function recordsOf(text: string, format: ImportFormat): Promise<ImportRecord[]> {
  const out: ImportRecord[] = [];
  for await (const record of parseImport(Readable.from([text]), { format })) out.push(record);
  return out;
}

function multipartBody(fields: Record<string, string>, file: string, filename = "export.csv") {
  const boundary = `----kurz${randomUUID().replaceAll("-", "")}`;
  let body = "";
  for (const [name, value] of Object.entries(fields)) {
    body += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  }
  body += `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n${file}\r\n--${boundary}--\r\n`;
  return { payload: body, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.skipIf(!backend.available)("link imports (PostgreSQL)", () => {
  let database: TestDatabase;
  let api: TestLinkApi;
  const clock = new TestClock();

  beforeAll(async () => {
    if (!backend.available) return;
    database = await createTestDatabase(backend.value.adminUrl, "kurz_test_link_api_imports");
    api = await startTestLinkApi({
      databaseUrl: database.url,
      clock,
      deletedCodeQuarantineDays: 0,
      plans: { plans: { [LIMITED]: realPlan("free", { maxLinks: 2 }) } },
      imports: { maxBytes: MAX_BYTES, batchSize: 500, leaseMs: LEASE_MS },
    });
  });

  afterAll(async () => {
    await api?.close();
    await database?.drop();
  });

  async function upload(accountId: string, payload: object) {
    return api.http.inject({
      method: "POST",
      url: "/api/v1/imports",
      headers: await api.auth(accountId),
      payload,
    });
  }

  async function queue(accountId: string, payload: object): Promise<string> {
    const response = await upload(accountId, payload);
    expect(response.statusCode, response.body).toBe(202);
    const body = response.json() as { success: boolean; import: ImportBody };
    expect(body.success).toBe(true);
    expect(body.import.status).toBe("queued");
    return body.import.id;
  }

  /** Runs every queued import to its end with the app's worker. */
  async function runQueued(): Promise<void> {
    while ((await api.app.importWorker.runOnce()) !== undefined) {}
  }

  async function getImport(accountId: string, id: string): Promise<ImportBody> {
    const response = await api.http.inject({
      method: "GET",
      url: `/api/v1/imports/${id}`,
      headers: await api.auth(accountId),
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { import: ImportBody }).import;
  }

  async function linksOf(accountId: string): Promise<LinkRow[]> {
    return api.db.select().from(links).where(eq(links.accountId, accountId));
  }

  async function createAlias(accountId: string, alias: string): Promise<void> {
    const response = await api.http.inject({
      method: "POST",
      url: "/api/v1/urls",
      headers: await api.auth(accountId),
      payload: { url: "https://example.com/taken", customAlias: alias },
    });
    expect(response.statusCode, response.body).toBe(201);
  }

  /** Fixtures share codes ("launch"): each format's links are removed after its test. */
  const imported: string[] = [];
  afterEach(async () => {
    for (const accountId of imported.splice(0))
      await api.db.delete(links).where(eq(links.accountId, accountId));
  });

  for (const format of IMPORT_FORMATS) {
    it(`imports the ${format} fixture: codes, titles, tags and dates kept; each row made or reported`, async () => {
      const account = randomUUID();
      imported.push(account);
      const text = fixture(format);
      // The shlink fixture's s.acme.co is this account's verified branded domain: kept.
      if (format === "shlink") {
        await api.db.insert(brandedDomains).values({
          id: randomUUID(),
          accountId: account,
          domain: "s.acme.co",
          status: "verified",
          verificationToken: "t",
        });
      }
      const field = FIXTURE_FILES[format].endsWith(".json") ? "json" : "csv";
      // Detected from the first bytes: no `format` given.
      const id = await queue(account, { [field]: text, tags: "imported" });
      await runQueued();
      const job = await getImport(account, id);
      const records = await recordsOf(text, format);
      expect(job).toMatchObject({
        status: "completed",
        format,
        total: records.length,
        processed: records.length,
      });
      expect(job.created + job.skipped + job.failed).toBe(records.length);

      const made = await linksOf(account);
      expect(made).toHaveLength(job.created);
      const errorRows = new Set(job.errors.map((e) => e.row));
      let checked = 0;
      for (const record of records) {
        if (record.kind === "error") {
          expect(job.errors).toContainEqual({ row: record.row, code: record.code, message: record.message });
          continue;
        }
        const { link } = record;
        const row = made.find(
          (m) => m.originalUrl === link.url && (link.code ? m.code === link.code || !m.customAlias : true),
        );
        if (!row) {
          expect(errorRows.has(record.row), `row ${record.row} neither made nor reported`).toBe(true);
          continue;
        }
        checked++;
        if (link.code !== undefined && aliasProblem(link.code) === undefined) {
          expect(row.code).toBe(link.code);
          expect(row.customAlias).toBe(true);
        }
        expect(row.host).toBe(
          format === "shlink" && link.domain === "s.acme.co" ? "s.acme.co" : api.app.ctx.hosts.standardHost,
        );
        expect(row.name).toBe((link.title ?? "").trim());
        expect(row.tags).toEqual(normalizeTags([...link.tags, "imported"]));
        if (link.createdAt) expect(row.createdAt.toISOString()).toBe(link.createdAt.toISOString());
      }
      expect(checked).toBe(job.created);
      expect(job.created).toBeGreaterThan(0);
    });
  }

  it("takes a multipart upload, its option fields before the file", async () => {
    const account = randomUUID();
    const code = `mp-${randomUUID().slice(0, 8)}`;
    const { payload, contentType } = multipartBody(
      { format: "generic", tags: "one, two", on_conflict: "fail" },
      `url,alias,name\nhttps://example.com/multipart,${code},Multipart\n`,
    );
    const response = await api.http.inject({
      method: "POST",
      url: "/api/v1/imports",
      headers: { ...(await api.auth(account)), "content-type": contentType },
      payload,
    });
    expect(response.statusCode, response.body).toBe(202);
    const { id } = (response.json() as { import: ImportBody }).import;
    await runQueued();
    expect(await getImport(account, id)).toMatchObject({
      status: "completed",
      created: 1,
      on_conflict: "fail",
    });
    const [row] = await linksOf(account);
    expect(row).toMatchObject({ code, name: "Multipart", tags: ["one", "two"] });
  });

  it("refuses a multipart field sent after the file, storing nothing", async () => {
    const account = randomUUID();
    const boundary = "----kurzlate";
    const payload =
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nurl\nhttps://example.com/late\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="dry_run"\r\n\r\ntrue\r\n--${boundary}--\r\n`;
    const response = await api.http.inject({
      method: "POST",
      url: "/api/v1/imports",
      headers: { ...(await api.auth(account)), "content-type": `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(response.statusCode, response.body).toBe(400);
    const list = await api.http.inject({
      method: "GET",
      url: "/api/v1/imports",
      headers: await api.auth(account),
    });
    expect((list.json() as { imports: unknown[] }).imports).toEqual([]);
  });

  it("answers 400 when the format cannot be detected and none is given", async () => {
    const response = await upload(randomUUID(), { csv: "alpha;beta\n1;2\n" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "VALIDATION_ERROR" });
    expect(response.body).toContain("UNKNOWN_FORMAT");
  });

  it("answers 413 PAYLOAD_TOO_LARGE for a file over the limit, as JSON or multipart", async () => {
    const big = `url\n${"https://example.com/x\n".repeat(Math.ceil(MAX_BYTES / 22) + 10)}`;
    const account = randomUUID();
    const json = await upload(account, { csv: big, format: "generic" });
    expect(json.statusCode).toBe(413);
    expect(json.json()).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    const { payload, contentType } = multipartBody({ format: "generic" }, big);
    const multi = await api.http.inject({
      method: "POST",
      url: "/api/v1/imports",
      headers: { ...(await api.auth(account)), "content-type": contentType },
      payload,
    });
    expect(multi.statusCode).toBe(413);
    expect(multi.json()).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
  });

  describe("on_conflict", () => {
    const csvOf = (...aliases: string[]) =>
      `url,alias\n${aliases.map((a, i) => `https://example.com/c/${i},${a}`).join("\n")}\n`;

    it("skip: a taken code is counted skipped and reported; the other rows are made", async () => {
      const taken = `tk-${randomUUID().slice(0, 8)}`;
      const fresh = `fr-${randomUUID().slice(0, 8)}`;
      await createAlias(randomUUID(), taken);
      const account = randomUUID();
      const id = await queue(account, { csv: csvOf(taken, fresh), format: "generic" });
      await runQueued();
      const job = await getImport(account, id);
      expect(job).toMatchObject({
        status: "completed",
        created: 1,
        skipped: 1,
        failed: 0,
        on_conflict: "skip",
      });
      expect(job.errors).toEqual([{ row: 1, code: "ALIAS_EXISTS", message: expect.any(String) }]);
      expect((await linksOf(account)).map((l) => l.code)).toEqual([fresh]);
    });

    it("suffix: a taken code becomes code-2, then code-3 when that is taken too", async () => {
      const taken = `sx-${randomUUID().slice(0, 8)}`;
      await createAlias(randomUUID(), taken);
      await createAlias(randomUUID(), `${taken}-2`);
      const account = randomUUID();
      const id = await queue(account, { csv: csvOf(taken), on_conflict: "suffix" });
      await runQueued();
      expect(await getImport(account, id)).toMatchObject({ created: 1, skipped: 0, failed: 0, errors: [] });
      expect((await linksOf(account)).map((l) => l.code)).toEqual([`${taken}-3`]);
    });

    it("fail: a taken code fails its row with ALIAS_EXISTS", async () => {
      const taken = `fl-${randomUUID().slice(0, 8)}`;
      await createAlias(randomUUID(), taken);
      const account = randomUUID();
      const id = await queue(account, { csv: csvOf(taken), on_conflict: "fail" });
      await runQueued();
      const job = await getImport(account, id);
      expect(job).toMatchObject({ created: 0, skipped: 0, failed: 1 });
      expect(job.errors.map((e) => e.code)).toEqual(["ALIAS_EXISTS"]);
      expect(await linksOf(account)).toEqual([]);
    });
  });

  it("past the plan's link limit, rows fail QUOTA_EXCEEDED and the import goes on", async () => {
    await api.db.delete(links).where(eq(links.accountId, LIMITED));
    const csv = `url\n${[1, 2, 3, 4].map((i) => `https://example.com/q/${i}`).join("\n")}\n`;
    const id = await queue(LIMITED, { csv, format: "generic" });
    await runQueued();
    const job = await getImport(LIMITED, id);
    expect(job).toMatchObject({ status: "completed", created: 2, failed: 2 });
    expect(job.errors.map((e) => [e.row, e.code])).toEqual([
      [3, "QUOTA_EXCEEDED"],
      [4, "QUOTA_EXCEEDED"],
    ]);
    expect(await linksOf(LIMITED)).toHaveLength(2);
    await api.db.delete(links).where(eq(links.accountId, LIMITED));
  });

  it("a dry run reports what each row would do and changes nothing", async () => {
    const account = randomUUID();
    const own = `dr-${randomUUID().slice(0, 8)}`;
    await createAlias(account, own);
    const fresh = `df-${randomUUID().slice(0, 8)}`;
    const csv = `url,alias\nhttps://example.com/d/1,${fresh}\nhttps://example.com/d/2,${own}\nnot a url,\n`;
    const before = await linksOf(account);
    const id = await queue(account, { csv, format: "generic", dry_run: true });
    await runQueued();
    const job = await getImport(account, id);
    expect(job).toMatchObject({
      status: "completed",
      dry_run: true,
      processed: 3,
      created: 1,
      skipped: 1,
      failed: 1,
    });
    expect(job.errors.map((e) => [e.row, e.code])).toEqual([
      [2, "ALIAS_EXISTS"],
      [3, expect.any(String)],
    ]);
    expect(await linksOf(account)).toEqual(before);
    const [fromFresh] = await api.db.select().from(links).where(eq(links.code, fresh));
    expect(fromFresh).toBeUndefined();
  });

  it("a dry run in several batches counts the links earlier batches would have made against the quota", async () => {
    await api.db.delete(links).where(eq(links.accountId, LIMITED));
    const csv = `url\n${[1, 2, 3, 4].map((i) => `https://example.com/dq/${i}`).join("\n")}\n`;
    const id = await queue(LIMITED, { csv, format: "generic", dry_run: true });
    const worker = createImportWorker(api.app.ctx, { batchSize: 1, leaseMs: LEASE_MS });
    expect(await worker.runOnce()).toBe("finished");
    const job = await getImport(LIMITED, id);
    expect(job).toMatchObject({ status: "completed", created: 2, failed: 2 });
    expect(job.errors.map((e) => e.code)).toEqual(["QUOTA_EXCEEDED", "QUOTA_EXCEEDED"]);
    expect(await linksOf(LIMITED)).toEqual([]);
  });

  it("a batch that fails on a fault is retried after the lease, never counted as row failures", async () => {
    const account = randomUUID();
    const csv = `url\n${[1, 2, 3].map((i) => `https://example.com/t/${i}`).join("\n")}\n`;
    const id = await queue(account, { csv, format: "generic" });
    const unreachable = createImportWorker(
      {
        ...api.app.ctx,
        plans: {
          ...api.app.ctx.plans,
          getPlan: async () => {
            throw new AppError("DEPENDENCY_UNAVAILABLE", { message: "auth-server unreachable" });
          },
        },
      },
      { leaseMs: LEASE_MS },
    );
    await expect(unreachable.runOnce()).rejects.toMatchObject({ code: "DEPENDENCY_UNAVAILABLE" });
    expect(await getImport(account, id)).toMatchObject({ status: "running", processed: 0, failed: 0 });
    expect(await api.app.importWorker.runOnce()).toBeUndefined();
    clock.advance(LEASE_MS + 1_000);
    expect(await api.app.importWorker.runOnce()).toBe("finished");
    expect(await getImport(account, id)).toMatchObject({
      status: "completed",
      created: 3,
      failed: 0,
      errors: [],
    });
  });

  describe("attempts (IMPORT_MAX_ATTEMPTS)", () => {
    const MAX_ATTEMPTS = 3;
    /** link-api's context with auth-server failing the plan's calls `failing` says (numbered from 1). */
    function withPlanFault(failing: (call: number) => Error | undefined) {
      let calls = 0;
      return {
        ...api.app.ctx,
        plans: {
          ...api.app.ctx.plans,
          getPlan: async (accountId: string) => {
            const fault = failing(++calls);
            if (fault) throw fault;
            return api.app.ctx.plans.getPlan(accountId);
          },
        },
      };
    }
    const unreachable = () => new AppError("DEPENDENCY_UNAVAILABLE", { message: "auth-server unreachable" });

    it("a fault that never clears fails the import after the last attempt, saying why; it is not tried again", async () => {
      const account = randomUUID();
      const csv = `url\n${[1, 2, 3].map((i) => `https://example.com/x/${i}`).join("\n")}\n`;
      const id = await queue(account, { csv, format: "generic" });
      const worker = createImportWorker(withPlanFault(unreachable), {
        leaseMs: LEASE_MS,
        maxAttempts: MAX_ATTEMPTS,
      });
      for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
        await expect(worker.runOnce()).rejects.toMatchObject({ code: "DEPENDENCY_UNAVAILABLE" });
        expect(await getImport(account, id)).toMatchObject({ status: "running", processed: 0, failed: 0 });
        // Its lease holds: the next attempt waits for it.
        expect(await worker.runOnce()).toBeUndefined();
        clock.advance(LEASE_MS + 1_000);
      }
      expect(await worker.runOnce()).toBe("failed");
      const job = await getImport(account, id);
      expect(job).toMatchObject({ status: "failed", processed: 0, created: 0, failed: 0 });
      expect(job.errors).toEqual([
        { row: 0, code: "IMPORT_ATTEMPTS_EXHAUSTED", message: expect.any(String) },
      ]);
      expect(job.errors[0]?.message).toContain(`${MAX_ATTEMPTS} attempts`);
      expect(job.errors[0]?.message).toContain("auth-server unreachable");
      clock.advance(LEASE_MS + 1_000);
      expect(await api.app.importWorker.runOnce()).toBeUndefined();
      expect(await linksOf(account)).toEqual([]);
    });

    it("a fault that clears completes the import, each row once; a committed batch starts the count again", async () => {
      const account = randomUUID();
      const prefix = `at${randomUUID().slice(0, 6)}`;
      const codes = Array.from({ length: 8 }, (_, i) => `${prefix}-${i}`);
      const csv = `url,alias\n${codes.map((c, i) => `https://example.com/a/${i},${c}`).join("\n")}\n`;
      const id = await queue(account, { csv, format: "generic" });
      // One getPlan per batch of 2: the 2nd batch fails twice, then the 3rd twice: four failed
      // attempts in all, never more than two in a row.
      const failing = new Set([2, 3, 5, 6]);
      const worker = createImportWorker(
        withPlanFault((call) => (failing.has(call) ? unreachable() : undefined)),
        { batchSize: 2, leaseMs: LEASE_MS, maxAttempts: MAX_ATTEMPTS },
      );
      const processed: number[] = [];
      for (let attempt = 1; attempt <= 4; attempt++) {
        await expect(worker.runOnce()).rejects.toMatchObject({ code: "DEPENDENCY_UNAVAILABLE" });
        processed.push((await getImport(account, id)).processed);
        clock.advance(LEASE_MS + 1_000);
      }
      expect(processed).toEqual([2, 2, 4, 4]);
      expect(await worker.runOnce()).toBe("finished");
      expect(await getImport(account, id)).toMatchObject({
        status: "completed",
        total: 8,
        processed: 8,
        created: 8,
        failed: 0,
        errors: [],
      });
      expect((await linksOf(account)).map((l) => l.code).sort()).toEqual([...codes].sort());
    });

    it("a fault that cannot clear fails the import at once, and so does a file that cannot be read", async () => {
      const account = randomUUID();
      const id = await queue(account, { csv: "url\nhttps://example.com/bug\n", format: "generic" });
      const worker = createImportWorker(
        withPlanFault(() => new TypeError("Cannot read properties of undefined (reading 'maxLinks')")),
        { leaseMs: LEASE_MS, maxAttempts: MAX_ATTEMPTS },
      );
      expect(await worker.runOnce()).toBe("failed");
      const job = await getImport(account, id);
      expect(job).toMatchObject({ status: "failed", processed: 0 });
      // The view never shows the driver's or the runtime's own words.
      expect(job.errors).toEqual([
        { row: 0, code: "INTERNAL", message: "An internal error stopped the import" },
      ]);

      const unreadable = await queue(account, { csv: "alpha,beta\n1,2\n", format: "bitly" });
      expect(await api.app.importWorker.runOnce()).toBe("finished");
      expect(await getImport(account, unreadable)).toMatchObject({
        status: "failed",
        errors: [{ row: 0, code: "MISSING_COLUMNS", message: expect.any(String) }],
      });
      clock.advance(LEASE_MS + 1_000);
      expect(await api.app.importWorker.runOnce()).toBeUndefined();
    });

    it("attempts whose worker died mid-batch count too: the next claim past the last fails the import", async () => {
      const account = randomUUID();
      const id = await queue(account, { csv: "url\nhttps://example.com/crash\n", format: "generic" });
      // A worker that claims and dies before its first batch commits, MAX_ATTEMPTS times.
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        expect(await claimImport(api.db, `dead-${attempt}`, clock.now(), LEASE_MS)).toMatchObject({ id });
        clock.advance(LEASE_MS + 1_000);
      }
      const worker = createImportWorker(api.app.ctx, { leaseMs: LEASE_MS, maxAttempts: MAX_ATTEMPTS });
      expect(await worker.runOnce()).toBe("failed");
      const job = await getImport(account, id);
      expect(job).toMatchObject({ status: "failed", processed: 0 });
      expect(job.errors).toEqual([
        {
          row: 0,
          code: "IMPORT_ATTEMPTS_EXHAUSTED",
          message: expect.stringContaining("stopped without finishing a batch"),
        },
      ]);
      expect(await linksOf(account)).toEqual([]);
    });
  });

  it("an import killed after its first batch resumes on another worker: none duplicated, none missing", async () => {
    const account = randomUUID();
    const prefix = `rs${randomUUID().slice(0, 6)}`;
    const codes = Array.from({ length: 25 }, (_, i) => `${prefix}-${i}`);
    const csv = `url,alias\n${codes.map((c, i) => `https://example.com/r/${i},${c}`).join("\n")}\n`;
    const id = await queue(account, { csv, format: "generic" });
    const first = createImportWorker(api.app.ctx, { batchSize: 10, leaseMs: LEASE_MS });
    // Stops after one batch holding its lease, as a process that died would.
    expect(await first.runOnce({ maxBatches: 1 })).toBe("stopped");
    expect(await getImport(account, id)).toMatchObject({ status: "running", processed: 10, created: 10 });
    expect(await linksOf(account)).toHaveLength(10);

    const second = createImportWorker(api.app.ctx, { batchSize: 10, leaseMs: LEASE_MS });
    // The lease still holds: nobody else takes the import.
    expect(await second.runOnce()).toBeUndefined();
    clock.advance(LEASE_MS + 1_000);
    expect(await second.runOnce()).toBe("finished");
    const job = await getImport(account, id);
    expect(job).toMatchObject({
      status: "completed",
      total: 25,
      processed: 25,
      created: 25,
      failed: 0,
      skipped: 0,
    });
    const made = (await linksOf(account)).map((l) => l.code).sort();
    expect(made).toEqual([...codes].sort());
    // The dead worker's next batch finds the import no longer its own.
  });

  it("two workers claiming at once: one takes the import, the other finds nothing", async () => {
    const account = randomUUID();
    const id = await queue(account, { csv: "url\nhttps://example.com/race\n", format: "generic" });
    const [a, b] = [1, 2].map(() => createImportWorker(api.app.ctx, { leaseMs: LEASE_MS }));
    const results = await Promise.all([a?.runOnce(), b?.runOnce()]);
    expect(results.filter((r) => r === "finished")).toHaveLength(1);
    expect(results.filter((r) => r === undefined)).toHaveLength(1);
    expect(await getImport(account, id)).toMatchObject({ status: "completed", created: 1 });
    expect(await linksOf(account)).toHaveLength(1);
  });

  it("cancels a queued import and one running between batches; a finished one is 409", async () => {
    const account = randomUUID();
    const csv = `url\n${Array.from({ length: 15 }, (_, i) => `https://example.com/k/${i}`).join("\n")}\n`;
    const headers = await api.auth(account);
    const queued = await queue(account, { csv, format: "generic" });
    const cancel = (id: string) =>
      api.http.inject({ method: "POST", url: `/api/v1/imports/${id}/cancel`, headers });
    const cancelled = await cancel(queued);
    expect(cancelled.statusCode).toBe(200);
    expect((cancelled.json() as { import: ImportBody }).import.status).toBe("cancelled");
    expect(await api.app.importWorker.runOnce()).toBeUndefined();
    const again = await cancel(queued);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "INVALID_STATE" });

    const running = await queue(account, { csv, format: "generic" });
    const worker = createImportWorker(api.app.ctx, { batchSize: 5, leaseMs: LEASE_MS });
    expect(await worker.runOnce({ maxBatches: 1 })).toBe("stopped");
    expect((await cancel(running)).statusCode).toBe(200);
    clock.advance(LEASE_MS + 1_000);
    expect(await worker.runOnce()).toBeUndefined();
    expect(await getImport(account, running)).toMatchObject({
      status: "cancelled",
      processed: 5,
      created: 5,
    });
    expect(await linksOf(account)).toHaveLength(5);
  });

  it("lists the account's imports newest first; errors.csv parses back to the import's errors", async () => {
    const account = randomUUID();
    const csv = `url,name\nnot a url,a\nhttps://example.com/e,"=cmd|' /C calc'!A0"\n,b\n`;
    const older = await queue(account, { csv, format: "generic" });
    clock.advance(1_000);
    const newer = await queue(account, { csv: "url\nhttps://example.com/n\n", format: "generic" });
    await runQueued();
    const list = await api.http.inject({
      method: "GET",
      url: "/api/v1/imports?limit=10",
      headers: await api.auth(account),
    });
    expect(list.statusCode).toBe(200);
    const body = list.json() as { imports: ImportBody[]; pagination: { total: number } };
    expect(body.imports.map((i) => i.id)).toEqual([newer, older]);
    expect(body.pagination.total).toBe(2);

    const job = await getImport(account, older);
    expect(job.errors.length).toBeGreaterThan(0);
    const response = await api.http.inject({
      method: "GET",
      url: `/api/v1/imports/${older}/errors.csv`,
      headers: await api.auth(account),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/csv");
    const rows = parse(response.body, { columns: true }) as Array<{
      row: string;
      code: string;
      message: string;
    }>;
    expect(
      rows.map((r) => ({
        row: Number(r.row),
        code: r.code,
        message: r.message.replace(/^'(?=[=+\-@\t\r])/, ""),
      })),
    ).toEqual(job.errors);
  });

  it("keeps the first 1,000 row errors across batches and counts them all", async () => {
    const account = randomUUID();
    const csv = `url,name\n${Array.from({ length: 1_005 }, (_, i) => `not a url,row ${i + 1}`).join("\n")}\n`;
    const id = await queue(account, { csv, format: "generic" });
    await runQueued();
    const job = await getImport(account, id);
    expect(job).toMatchObject({ status: "completed", total: 1_005, failed: 1_005, created: 0 });
    expect(job.errors).toHaveLength(1_000);
    expect(job.errors.map((e) => e.row)).toEqual(Array.from({ length: 1_000 }, (_, i) => i + 1));
  });

  it("another account's import is 404 NOT_FOUND on every route", async () => {
    const owner = randomUUID();
    const id = await queue(owner, { csv: "url\nhttps://example.com/o\n", format: "generic" });
    const headers = await api.auth(randomUUID());
    for (const [method, url] of [
      ["GET", `/api/v1/imports/${id}`],
      ["GET", `/api/v1/imports/${id}/errors.csv`],
      ["POST", `/api/v1/imports/${id}/cancel`],
    ] as const) {
      const response = await api.http.inject({ method, url, headers });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ code: "NOT_FOUND" });
    }
    await runQueued();
    const [own] = await api.db
      .select()
      .from(links)
      .where(and(eq(links.accountId, owner), eq(links.originalUrl, "https://example.com/o")));
    expect(own).toBeDefined();
  });
});

describe("link imports (PGlite, the embedded run mode)", () => {
  let api: TestLinkApi;

  beforeAll(async () => {
    api = await startTestLinkApi({ startImportWorker: true, imports: { pollIntervalMs: 50 } });
  });

  afterAll(async () => {
    await api?.close();
  });

  it("the started worker runs an uploaded import to its end", async () => {
    const account = randomUUID();
    const response = await api.http.inject({
      method: "POST",
      url: "/api/v1/imports",
      headers: await api.auth(account),
      payload: { json: fixture("kutt"), tags: ["pglite"] },
    });
    expect(response.statusCode, response.body).toBe(202);
    const { id } = (response.json() as { import: ImportBody }).import;
    const job = await waitFor(
      async () => {
        const got = await api.http.inject({
          method: "GET",
          url: `/api/v1/imports/${id}`,
          headers: await api.auth(account),
        });
        return (got.json() as { import: ImportBody }).import;
      },
      { what: "the import completed", until: (current) => current.status === "completed" },
    );
    expect(job.created).toBeGreaterThan(0);
    const made = await api.db.select().from(links).where(eq(links.accountId, account));
    expect(made).toHaveLength(job.created);
    expect(made.every((l) => l.tags.includes("pglite"))).toBe(true);
  });
});
