import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestDashboard, type TestDashboard } from "./support/start-test-dashboard";

/**
 * The exports (links, clicks) are downloads of any size that the API streams: the relay must pass
 * them on as they come, with their headers, and must not turn a cut export into a complete one.
 * A stand-in for link-api holds the rest of the file back until the test has read the first part.
 */
let upstream: Server;
let dashboard: TestDashboard;
let dashboardUrl: string;
let releaseRest: () => void = () => {};

const HEAD = "code,short_url\r\n";
const REST = "launch,http://kurz.test/launch\r\n";

beforeAll(async () => {
  upstream = createServer((request, response) => {
    response.writeHead(200, {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": 'attachment; filename="kurz-links-2026-11-28.csv"',
      "cache-control": "no-store",
    });
    response.write(HEAD);
    if (request.url?.startsWith("/api/v1/urls/export?cut=1")) {
      // The API's database fails after the first page: it aborts the response, no final chunk.
      setImmediate(() => response.destroy());
      return;
    }
    releaseRest = () => response.end(REST);
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  const { port } = upstream.address() as AddressInfo;
  dashboard = await startTestDashboard({ LINK_API_HTTP_URL: `http://127.0.0.1:${port}` });
  // A real listener: inject() would wait for the whole body, which is what is under test.
  dashboardUrl = await dashboard.app.http.app.listen({ host: "127.0.0.1", port: 0 });
});

afterAll(async () => {
  await dashboard?.close();
  await new Promise((resolve) => upstream?.close(resolve));
});

function get(path: string, cookie: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    httpRequest(`${dashboardUrl}${path}`, { headers: { cookie: `kurz_app=${cookie}` } }, resolve)
      .on("error", reject)
      .end();
  });
}

/** The next chunk of the body, as text. */
function nextChunk(response: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    response.once("data", (chunk: Buffer) => resolve(chunk.toString("utf8")));
    response.once("error", reject);
  });
}

describe("the API relay and streamed downloads", () => {
  it("passes an export on as it comes, with its type and attachment name, before the API has finished it", async () => {
    const id = await dashboard.signIn();
    const response = await get("/app/api/v1/urls/export?format=csv", id);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe('attachment; filename="kurz-links-2026-11-28.csv"');
    expect(response.headers["cache-control"]).toBe("no-store");
    // The first part arrives while the API still holds back the rest: nothing is buffered.
    expect(await nextChunk(response)).toBe(HEAD);
    releaseRest();
    let rest = "";
    for await (const chunk of response) rest += (chunk as Buffer).toString("utf8");
    expect(rest).toBe(REST);
  });

  it("cuts the download off when the API's export breaks off, never ending it as if it were complete", async () => {
    const id = await dashboard.signIn();
    const response = await get("/app/api/v1/urls/export?cut=1", id);
    expect(response.statusCode).toBe(200);
    const ended = new Promise<"complete" | "aborted">((resolve) => {
      response.on("end", () => resolve("complete"));
      response.on("error", () => resolve("aborted"));
      response.on("aborted", () => resolve("aborted"));
      response.resume();
    });
    expect(await ended).toBe("aborted");
  });
});
