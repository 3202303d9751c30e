import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { AppError } from "@kurz/errors";
import { waitFor } from "@kurz/testing";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { spoolUpload } from "../src/imports/spool-upload";
import { createUploadGate } from "../src/imports/upload-gate";
import { startTestLinkApi, type TestLinkApi } from "./support/start-test-link-api";

/** Each test's own TMPDIR: what a spool leaves behind is seen, and nothing else. */
let spoolDir: string;
const savedTmpdir = process.env.TMPDIR;
beforeEach(() => {
  spoolDir = mkdtempSync(path.join(tmpdir(), "kurz-spool-test-"));
  process.env.TMPDIR = spoolDir;
});
afterEach(() => {
  if (savedTmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmpdir;
  rmSync(spoolDir, { recursive: true, force: true });
});

async function collect(chunks: AsyncIterable<Buffer>): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for await (const chunk of chunks) out.push(chunk);
  return out;
}

describe("spoolUpload", () => {
  it("receives an upload into a temp file and reads it back in chunks, byte for byte", async () => {
    const pieces = ["url,alias\n", Buffer.from("https://example.com/ü,a\n"), "x".repeat(300_000)];
    const upload = await spoolUpload(Readable.from(pieces), 1_000_000);
    const whole = Buffer.concat(pieces.map((p) => (typeof p === "string" ? Buffer.from(p) : p)));
    expect(upload.bytes).toBe(whole.length);
    expect(upload.head).toEqual(whole.subarray(0, 64 * 1024));
    const chunks = await collect(upload.read(100_000));
    expect(chunks.map((c) => c.length)).toEqual([100_000, 100_000, 100_000, whole.length - 300_000]);
    expect(Buffer.concat(chunks)).toEqual(whole);
    expect(readdirSync(spoolDir)).toHaveLength(1);
    await upload.dispose();
    expect(readdirSync(spoolDir)).toEqual([]);
  });

  it("refuses a file past the limit with 413 and leaves no file", async () => {
    const error = await spoolUpload(Readable.from(["a".repeat(600), "b".repeat(600)]), 1_000).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("PAYLOAD_TOO_LARGE");
    expect(readdirSync(spoolDir)).toEqual([]);
  });

  it("calls an upload that ends early the client's fault (400), not a failing dependency", async () => {
    async function* cutOff() {
      yield Buffer.from("url\nhttps://example.com/\n");
      throw Object.assign(new Error("aborted"), { code: "ECONNRESET" });
    }
    const error = await spoolUpload(cutOff(), 1_000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("VALIDATION_ERROR");
    expect(readdirSync(spoolDir)).toEqual([]);
  });

  it("lets a failure of the spool itself through as the server's own (not a 4xx)", async () => {
    process.env.TMPDIR = path.join(spoolDir, "missing");
    const error = await spoolUpload(Readable.from(["url\n"]), 1_000).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(AppError);
    expect((error as NodeJS.ErrnoException).code).toBe("ENOENT");
  });
});

describe("createUploadGate", () => {
  it("takes `max` uploads at once, refuses the next with a retryable 429, and frees a place on release", () => {
    const gate = createUploadGate(2);
    const first = gate.enter();
    gate.enter();
    const refused = (() => {
      try {
        gate.enter();
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe("RATE_LIMITED");
    first();
    first(); // released once, however often called
    const third = gate.enter();
    expect(() => gate.enter()).toThrow(AppError);
    third();
  });
});

/**
 * link-api on PGlite (the embedded run's single connection): a client sending its file slowly
 * holds a spool file, not the database, so the rest of the API answers meanwhile.
 */
describe("an import upload on the embedded database", () => {
  let api: TestLinkApi;

  beforeAll(async () => {
    api = await startTestLinkApi({ imports: { maxBytes: 1024 * 1024, maxConcurrentUploads: 1 } });
  });
  afterAll(async () => {
    await api?.close();
  });

  it("keeps the API answering while a file is half sent, then stores it", async () => {
    const account = `acct-${randomUUID()}`;
    const boundary = "kurz-spool-boundary";
    const payload = new PassThrough();
    const uploading = api.http.inject({
      method: "POST",
      url: "/api/v1/imports",
      headers: { ...(await api.auth(account)), "content-type": `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    payload.write(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="links.csv"\r\ncontent-type: text/csv\r\n\r\nurl,alias\nhttps://example.com/one,spool-one\n`,
    );
    await waitFor(() => payload.readableLength, {
      until: (left) => left === 0,
      what: "link-api to read the first half of the upload",
    });

    // The same account lists its imports and creates a link while the upload is open.
    const listed = await api.http.inject({
      method: "GET",
      url: "/api/v1/imports",
      headers: await api.auth(account),
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const created = await api.http.inject({
      method: "POST",
      url: "/api/v1/urls",
      headers: await api.auth(account),
      payload: { url: "https://example.com/meanwhile" },
    });
    expect(created.statusCode, created.body).toBe(201);
    // A second upload finds the one place taken: 429, retryable.
    const second = await api.http.inject({
      method: "POST",
      url: "/api/v1/imports",
      headers: await api.auth(account),
      payload: { csv: "url\nhttps://example.com/two\n" },
    });
    expect(second.statusCode, second.body).toBe(429);
    expect(second.json()).toMatchObject({ code: "RATE_LIMITED" });

    payload.end(`https://example.com/two,spool-two\r\n--${boundary}--\r\n`);
    const done = await uploading;
    expect(done.statusCode, done.body).toBe(202);
    expect(done.json()).toMatchObject({ import: { status: "queued", format: "generic" } });
    expect(readdirSync(spoolDir)).toEqual([]);
  }, 60_000); // speed check. // If the upload held the database, the list above would wait for it forever: a bound, not a
});
