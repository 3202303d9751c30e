import { request as httpRequest } from "node:http";
import { IMPORT_UPLOAD_MAX_BYTES } from "@kurz/routes";
import { openDashboardSession, type SignedInUser, waitFor } from "@kurz/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpOnPlan } from "./support/sign-up-on-plan";
import { type FlowKurz, startFlowKurz } from "./support/start-flow-kurz";

const MiB = 1024 * 1024;
const SCOPE = "shorturl:read shorturl:create";

interface ImportState {
  id: string;
  status: string;
  total: number;
  created: number;
  failed: number;
  skipped: number;
  bytes: number;
}

/**
 * A Bitly export of about `bytes` bytes: rows with long destinations (under the 2,048-character
 * URL limit), so that a file of several MiB stays a few thousand links. Codes start with `prefix`.
 */
function bitlyExport(prefix: string, bytes: number): { csv: string; rows: number } {
  const lines = ["id,link,custom_bitlinks,long_url,title,created_at,tags,clicks"];
  let size = lines[0]?.length ?? 0;
  let rows = 0;
  while (size < bytes) {
    const code = `${prefix}${rows.toString(36)}`;
    const url = `https://shop.example.com/${code}?ref=${"x".repeat(1_800)}`;
    const line = `bit.ly/${code},https://bit.ly/${code},,${url},Row ${rows},2024-03-01T09:15:00+0000,imported,${rows}`;
    lines.push(line);
    size += line.length + 1;
    rows += 1;
  }
  return { csv: `${lines.join("\n")}\n`, rows };
}

function form(csv: string): FormData {
  const body = new FormData();
  body.set("on_conflict", "fail");
  body.set("file", new Blob([csv], { type: "text/csv" }), "bitly.csv");
  return body;
}

/**
 * Exports of several MiB imported the ways a customer sends them, over the 1 MiB body limit of
 * every other API route: through the edge's public port (`make start`, a REST client) and
 * through the dashboard's relay (the Import page), to the real link-api, each import completed
 * and its links there. A client leaving mid-upload leaves no import behind.
 */
describe("import uploads larger than 1 MiB, end to end (edge and dashboard relay)", () => {
  let flow: FlowKurz;
  let person: SignedInUser;

  beforeAll(async () => {
    flow = await startFlowKurz("import-upload");
    person = await signUpOnPlan(flow, SCOPE, "business");
  });

  afterAll(async () => {
    await flow?.stop();
  });

  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${flow.edgeUrl}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${person.accessToken}`, ...init.headers },
    });

  const completed = (id: string) =>
    waitFor(async () => (await (await api(`/api/v1/imports/${id}`)).json()) as { import: ImportState }, {
      until: (answer) => ["completed", "failed", "cancelled"].includes(answer.import?.status),
      what: `import ${id} to finish`,
      timeoutMs: 120_000,
    });

  it("imports a 3 MiB Bitly export sent to the edge's public port", async () => {
    const { csv, rows } = bitlyExport("edge", 3 * MiB);
    expect(csv.length).toBeGreaterThan(3 * MiB);
    const response = await api("/api/v1/imports", { method: "POST", body: form(csv) });
    expect(response.status, await response.clone().text()).toBe(202);
    const { import: started } = (await response.json()) as { import: ImportState };

    const { import: done } = await completed(started.id);
    expect(done).toMatchObject({ status: "completed", total: rows, created: rows, failed: 0, skipped: 0 });
    expect(done.bytes).toBe(Buffer.byteLength(csv));
    const last = await api(`/api/v1/urls/edge${(rows - 1).toString(36)}`);
    expect(last.status).toBe(200);
    expect(await last.json()).toMatchObject({ url: { name: `Row ${rows - 1}`, tags: ["imported"] } });
  });

  it("imports a 1.5 MiB export through the dashboard's relay, as the Import page sends it", async () => {
    const { csv, rows } = bitlyExport("page", 1.5 * MiB);
    const session = await openDashboardSession(person.browser);
    const response = await fetch(`${flow.edgeUrl}/app/api/v1/imports`, {
      method: "POST",
      headers: { cookie: session.cookie, "x-csrf-token": session.csrfToken },
      body: form(csv),
    });
    expect(response.status, await response.clone().text()).toBe(202);
    const { import: started } = (await response.json()) as { import: ImportState };

    const { import: done } = await completed(started.id);
    expect(done).toMatchObject({ status: "completed", created: rows, failed: 0 });
    expect(done.bytes).toBe(Buffer.byteLength(csv));
    expect((await api(`/api/v1/urls/page${(rows - 1).toString(36)}`)).status).toBe(200);
  });

  it("refuses an upload announced over the route's limit before a byte of it is sent", async () => {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(new URL(`${flow.edgeUrl}/api/v1/imports`), {
        method: "POST",
        headers: {
          authorization: `Bearer ${person.accessToken}`,
          "content-type": "multipart/form-data; boundary=x",
          "content-length": String(IMPORT_UPLOAD_MAX_BYTES + 1),
          expect: "100-continue",
        },
      });
      request.on("continue", () => reject(new Error("the edge asked for the body")));
      request.on("response", (response) => {
        let body = "";
        response.on("data", (chunk) => {
          body += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on("error", reject);
      request.flushHeaders();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ success: false, code: "PAYLOAD_TOO_LARGE" });
  });

  it("leaves no import behind when the client goes away mid-upload", async () => {
    const before = (await (await api("/api/v1/imports")).json()) as { imports: ImportState[] };
    const { csv } = bitlyExport("gone", 2 * MiB);
    const boundary = "kurz-upload-boundary";
    const head = `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="bitly.csv"\r\ncontent-type: text/csv\r\n\r\n`;
    const url = new URL(`${flow.edgeUrl}/api/v1/imports`);
    // Half of the file sent, then the connection dropped (chunked: no length announced).
    await new Promise<void>((resolve) => {
      const request = httpRequest(url, {
        method: "POST",
        headers: {
          authorization: `Bearer ${person.accessToken}`,
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "transfer-encoding": "chunked",
        },
      });
      request.on("error", () => resolve());
      request.on("close", () => resolve());
      request.write(head);
      request.write(csv.slice(0, csv.length / 2), () => request.destroy());
    });

    // The next upload completes; the one cut off left nothing: no import, no link.
    const { csv: small, rows } = bitlyExport("after", 1_000);
    const response = await api("/api/v1/imports", { method: "POST", body: form(small) });
    expect(response.status).toBe(202);
    const { import: started } = (await response.json()) as { import: ImportState };
    await completed(started.id);
    const after = (await (await api("/api/v1/imports")).json()) as { imports: ImportState[] };
    expect(after.imports.map((i) => i.id)).toEqual([started.id, ...before.imports.map((i) => i.id)]);
    expect(rows).toBeGreaterThan(0);
    expect((await api("/api/v1/urls/gone0")).status).toBe(404);
  });
});
