import { createMcpKey, waitFor } from "@kurz/testing";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeQrDataUrl } from "./support/decode-qr-data-url";
import { signUpOnPlan } from "./support/sign-up-on-plan";
import { type FlowKurz, startFlowKurz } from "./support/start-flow-kurz";

// biome-ignore lint/suspicious/noExplicitAny: structured results under test
type Structured = Record<string, any>;

/** Calls a tool that must succeed and returns its structured result. */
function succeeding(client: Client) {
  return async (name: string, args: Record<string, unknown>): Promise<Structured> => {
    const result = await client.callTool({ name, arguments: args });
    expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
    return result.structuredContent as Structured;
  };
}

/** Calls a tool that must fail and returns its MCP error body. */
function failing(client: Client) {
  return async (name: string, args: Record<string, unknown>): Promise<Structured> => {
    const result = await client.callTool({ name, arguments: args });
    expect(result.isError, `${name} succeeded: ${JSON.stringify(result.structuredContent)}`).toBe(true);
    return JSON.parse((result.content as Array<{ text: string }>)[0]!.text) as Structured;
  };
}

const QR_TOOL_NAMES = [
  "generateQr",
  "listQrCodes",
  "getQrCode",
  "updateQrCode",
  "deleteQrCode",
  "getQrCodeCount",
  "getQrCodeStats",
  "getQrCodeAnalytics",
  "getAllQrAnalytics",
  "getQrStatsOverview",
  "trackQrScan",
  "getTrackedQrCount",
];
const QR_SCOPES = ["qrcode:read", "qrcode:create", "qrcode:update", "qrcode:delete"];
// trackQrScan resolves the code's link (shorturl:read); the scan reports read analytics.
const KEY_SCOPES = [...QR_SCOPES, "shorturl:read", "analytics:read"];
const SCOPE = [...KEY_SCOPES, "account:read", "account:write"].join(" ");
const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

describe("MCP QR code tools end to end in embedded mode (the SDK's client, real services)", () => {
  let flow: FlowKurz;
  let edgeUrl: string;
  let shortHost: string;
  let key: string;
  let readOnlyKey: string;

  beforeAll(async () => {
    flow = await startFlowKurz("mcp-qr-flow");
    ({ edgeUrl, shortHost } = flow);
    // Business: 300 MCP requests a minute, room for every call and poll below.
    const user = await signUpOnPlan(flow, SCOPE, "business");
    key = await createMcpKey(edgeUrl, user.accessToken, ["mcp", ...KEY_SCOPES]);
    readOnlyKey = await createMcpKey(edgeUrl, user.accessToken, ["mcp", "qrcode:read"]);
  });

  afterAll(async () => {
    await flow?.stop();
  });

  async function connect(mcpKey: string): Promise<Client> {
    const client = new Client({ name: "kurz-qr-flow", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${edgeUrl}/mcp`), {
        requestInit: { headers: { "x-mcp-key": mcpKey } },
      }),
    );
    return client;
  }

  /** A browser's visit of a short link, as a phone's camera app opens a scanned code. */
  function visit(code: string): Promise<Response> {
    return fetch(`${edgeUrl}/${code}`, {
      redirect: "manual",
      headers: { host: shortHost, "user-agent": BROWSER },
    });
  }

  it("lists the 12 QR tools in order; generated images scan to their content; a dynamic code follows updateQrCode, a static one refuses it", async () => {
    const client = await connect(key);
    const call = succeeding(client);
    const refused = failing(client);
    try {
      const { tools } = await client.listTools();
      const names = tools.map((tool) => tool.name);
      const first = names.indexOf("generateQr");
      expect(names.slice(first, first + QR_TOOL_NAMES.length)).toEqual(QR_TOOL_NAMES);
      for (const tool of tools.filter((t) => QR_TOOL_NAMES.includes(t.name))) {
        expect(tool.description?.length ?? 0).toBeGreaterThan(40);
        expect(tool.outputSchema?.type).toBe("object");
      }
      const annotationsOf = (name: string) => tools.find((t) => t.name === name)?.annotations;
      expect(annotationsOf("deleteQrCode")).toMatchObject({ readOnlyHint: false, destructiveHint: true });
      expect(annotationsOf("trackQrScan")).toMatchObject({ readOnlyHint: false, idempotentHint: false });
      expect(annotationsOf("getQrStatsOverview")).toMatchObject({ readOnlyHint: true });

      const before = await call("getQrCodeCount", {});
      const trackedBefore = await call("getTrackedQrCount", {});
      const tag = `agent-${Date.now().toString(36)}`;

      // A static text code: the image is the content itself.
      const text = await call("generateQr", {
        type: "text",
        content: "Hello from an agent",
        name: `${tag} text`,
        size: 300,
        foregroundColor: "#123",
        backgroundColor: "#FFFFFF",
      });
      expect(text.qrCode).toMatchObject({
        type: "text",
        payload: "Hello from an agent",
        dynamic: false,
        tracked: false,
        shortUrl: null,
        foregroundColor: "#112233",
        size: 300,
      });
      expect(text.image).toMatchObject({ contentType: "image/png", size: 300, preview: false });
      expect(decodeQrDataUrl(text.image.dataUrl)).toBe("Hello from an agent");

      // A structured type from an object: a Wi-Fi login.
      const wifi = await call("generateQr", {
        type: "wifi",
        content: { ssid: "Office", password: "secret123", encryption: "WPA" },
        name: `${tag} wifi`,
        moduleShape: "rounded",
      });
      expect(wifi.qrCode.payload).toBe("WIFI:T:WPA;S:Office;P:secret123;;");
      expect(decodeQrDataUrl(wifi.image.dataUrl)).toBe("WIFI:T:WPA;S:Office;P:secret123;;");

      // An SVG too large for a tool result comes as a PNG preview that still scans.
      const long = "Kurz QR ".repeat(40).trim();
      const large = await call("generateQr", {
        type: "text",
        content: long,
        name: `${tag} long`,
        format: "svg",
        errorCorrection: "L",
      });
      expect(large.qrCode.format).toBe("svg");
      expect(large.image).toMatchObject({ contentType: "image/png", preview: true });
      expect(large.image.bytes).toBeLessThanOrEqual(32 * 1024);
      expect(decodeQrDataUrl(large.image.dataUrl)).toBe(long);

      // A dynamic code encodes its short link, which redirects to the content.
      const dynamic = await call("generateQr", {
        type: "url",
        content: "https://shop.example.com/menu?from=print",
        name: `${tag} menu`,
        dynamic: true,
        format: "svg",
        finderShape: "rounded",
      });
      const code = dynamic.qrCode;
      expect(code).toMatchObject({ type: "url", dynamic: true, tracked: true, format: "svg" });
      expect(code.shortUrl).toBe(`http://${shortHost}/${code.linkCode}`);
      expect(code.payload).toBe(code.shortUrl);
      expect(dynamic.image.contentType).toBe("image/svg+xml");
      expect(decodeQrDataUrl(dynamic.image.dataUrl)).toBe(code.shortUrl);
      const first302 = await visit(code.linkCode);
      expect(first302.status).toBe(302);
      expect(first302.headers.get("location")).toBe("https://shop.example.com/menu?from=print");

      // A password-protected code has a short link too (tracked) but is not dynamic.
      const locked = await call("generateQr", {
        type: "url",
        content: "https://shop.example.com/staff",
        name: `${tag} staff`,
        password: "open-sesame",
        includeImage: false,
      });
      expect(locked).toMatchObject({
        qrCode: { dynamic: false, passwordProtected: true, tracked: true },
        image: null,
      });

      expect((await refused("generateQr", { type: "url", content: "not a url", name: "bad" })).code).toBe(
        "VALIDATION_ERROR",
      );
      expect(
        (
          await refused("generateQr", {
            type: "text",
            content: "pale",
            foregroundColor: "#EEEEEE",
            backgroundColor: "#FFFFFF",
          })
        ).code,
      ).toBe("VALIDATION_ERROR");

      // updateQrCode: the dynamic code's destination changes behind the same symbol.
      const updated = await call("updateQrCode", {
        id: code.id,
        content: "https://shop.example.com/menu-winter",
        name: `${tag} winter menu`,
      });
      expect(updated.qrCode).toMatchObject({
        id: code.id,
        content: "https://shop.example.com/menu-winter",
        name: `${tag} winter menu`,
        payload: code.shortUrl,
      });
      await waitFor(async () => (await visit(code.linkCode)).headers.get("location"), {
        until: (location) => location === "https://shop.example.com/menu-winter",
        what: "the new content to reach the redirector",
      });
      const shown = await call("getQrCode", { id: code.id, includeImage: true });
      expect(shown.qrCode).toMatchObject({ name: `${tag} winter menu`, linkCode: code.linkCode });
      expect(decodeQrDataUrl(shown.image.dataUrl)).toBe(code.shortUrl);
      expect((await call("getQrCode", { id: text.qrCode.id })).image).toBeNull();

      // A static code (and a protected one that is not dynamic) cannot change.
      const staticRefusal = await refused("updateQrCode", { id: text.qrCode.id, name: "renamed" });
      expect(staticRefusal).toMatchObject({ success: false, code: "INVALID_STATE", retryable: false });
      expect(staticRefusal.hint).toMatch(/generateQr/);
      expect((await refused("updateQrCode", { id: locked.qrCode.id, name: "renamed" })).code).toBe(
        "INVALID_STATE",
      );
      expect((await call("getQrCode", { id: text.qrCode.id })).qrCode.name).toBe(`${tag} text`);
      // Nor can a static code's scans be counted.
      expect((await refused("trackQrScan", { id: wifi.qrCode.id })).code).toBe("INVALID_STATE");
      expect((await refused("getQrCodeStats", { id: wifi.qrCode.id })).code).toBe("INVALID_STATE");
      expect((await refused("getQrCode", { id: "not-a-uuid" })).code).toBe("VALIDATION_ERROR");

      const listed = await call("listQrCodes", { search: tag, limit: 100 });
      expect(listed.total).toBe(5);
      expect(listed.qrCodes.map((c: { id: string }) => c.id)).toEqual([
        locked.qrCode.id,
        code.id,
        large.qrCode.id,
        wifi.qrCode.id,
        text.qrCode.id,
      ]);
      const wifiOnly = await call("listQrCodes", { type: "wifi", search: tag });
      expect(wifiOnly.qrCodes.map((c: { id: string }) => c.id)).toEqual([wifi.qrCode.id]);
      const paged = await call("listQrCodes", { search: tag, page: 2, limit: 2 });
      expect(paged).toMatchObject({ page: 2, limit: 2, total: 5 });
      expect(paged.qrCodes.map((c: { id: string }) => c.id)).toEqual([large.qrCode.id, wifi.qrCode.id]);

      const after = await call("getQrCodeCount", {});
      expect(after).toMatchObject({
        total: before.total + 5,
        dynamic: before.dynamic + 1,
        static: before.static + 4,
        limit: before.limit,
      });
      expect(after.limit).toBeGreaterThan(0);
      expect(after.remaining).toBe(after.limit - after.total);
      expect(await call("getTrackedQrCount", {})).toEqual({
        tracked: trackedBefore.tracked + 2,
        untracked: trackedBefore.untracked + 3,
        dynamic: trackedBefore.dynamic + 1,
        total: after.total,
        limit: after.limit,
      });
    } finally {
      await client.close();
    }
  });

  it("counts scans made through the short link and by trackQrScan in every scan report; deleteQrCode ends the code and its link", async () => {
    const client = await connect(key);
    const call = succeeding(client);
    const refused = failing(client);
    try {
      const { qrCode: code } = await call("generateQr", {
        type: "url",
        content: "https://shop.example.com/poster",
        name: "Poster",
        dynamic: true,
        includeImage: false,
      });
      for (let i = 0; i < 2; i++) expect((await visit(code.linkCode)).status).toBe(302);
      const tracked = await call("trackQrScan", { id: code.id, userAgent: PHONE, referrer: "" });
      expect(tracked.click_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(tracked.qr_code).toMatchObject({
        id: code.id,
        link_code: code.linkCode,
        short_url: code.shortUrl,
      });

      // Ingestion is asynchronous: the three scans show up within seconds.
      await waitFor(async () => (await call("getQrCodeStats", { id: code.id })).counts.clicks, {
        until: (clicks) => clicks === 3,
        what: "the code's three scans to be counted",
        intervalMs: 500,
      });
      const stats = await call("getQrCodeStats", { id: code.id, period: "30d" });
      expect(stats.qr_code).toMatchObject({ id: code.id, name: "Poster", link_code: code.linkCode });
      expect(stats.counts).toMatchObject({ clicks: 3, qr_scans: 3, bots: 0 });
      expect(stats.timeline.reduce((sum: number, p: { clicks: number }) => sum + p.clicks, 0)).toBe(3);
      expect(Date.parse(stats.last_activity_at)).toBeGreaterThan(Date.now() - 10 * 60_000);

      const now = Date.now();
      const analytics = await call("getQrCodeAnalytics", {
        id: code.id,
        startDate: new Date(now - 3_600_000).toISOString(),
        endDate: new Date(now + 3_600_000).toISOString(),
      });
      expect(analytics.counts.clicks).toBe(3);
      const devices = Object.fromEntries(
        analytics.device_types.map((d: { key: string; clicks: number }) => [d.key, d.clicks]),
      );
      expect(devices).toEqual({ desktop: 2, mobile: 1 });
      expect(analytics.countries).toEqual(expect.any(Array));
      expect(
        (await refused("getQrCodeAnalytics", { id: code.id, startDate: new Date(now).toISOString() })).code,
      ).toBe("VALIDATION_ERROR");

      // The account's view: every QR link's scans (the first test's visits included).
      const all = await call("getAllQrAnalytics", { period: "7d" });
      const poster = all.codes.find((c: { code: string }) => c.code === code.linkCode);
      expect(poster).toMatchObject({ host: new URL(code.shortUrl).hostname, counts: { clicks: 3 } });
      expect(all.counts.clicks).toBe(
        all.codes.reduce((sum: number, c: { counts: { clicks: number } }) => sum + c.counts.clicks, 0),
      );
      expect(all.counts.clicks).toBeGreaterThanOrEqual(3);
      expect(all.timeline.reduce((sum: number, p: { clicks: number }) => sum + p.clicks, 0)).toBe(
        all.counts.clicks,
      );
      await waitFor(async () => (await call("getQrStatsOverview", { period: "7d" })).counts.clicks, {
        until: (clicks) => clicks === all.counts.clicks,
        what: `the overview's ${all.counts.clicks} scans`,
        intervalMs: 500,
      });
      const overview = await call("getQrStatsOverview", { period: "7d" });
      const counted = await call("getQrCodeCount", {});
      expect(overview).toMatchObject({
        qr_codes: { total: counted.total, dynamic: counted.dynamic, static: counted.static },
        counts: { clicks: all.counts.clicks },
        previous: { clicks: 0 },
        codes_scanned: all.codes.filter((c: { counts: { clicks: number } }) => c.counts.clicks > 0).length,
      });
      expect(overview.top_codes.map((c: { code: string }) => c.code)).toContain(code.linkCode);

      // Deleting the code deletes its short link: the printed code stops working.
      const deleted = await call("deleteQrCode", { id: code.id });
      expect(deleted.deleted).toMatchObject({ id: code.id, linkCode: code.linkCode });
      expect(await refused("getQrCode", { id: code.id })).toMatchObject({ code: "NOT_FOUND" });
      expect((await refused("deleteQrCode", { id: code.id })).code).toBe("NOT_FOUND");
      expect((await refused("trackQrScan", { id: code.id })).code).toBe("NOT_FOUND");
      await waitFor(async () => (await visit(code.linkCode)).status, {
        until: (status) => status === 404,
        what: "the deleted code's link to answer 404",
      });
      expect((await call("getQrCodeCount", {})).total).toBe(counted.total - 1);
    } finally {
      await client.close();
    }
  });

  it("shows a qrcode:read key only the QR read tools, which work, and refuses the write tools", async () => {
    const writer = await connect(key);
    try {
      await succeeding(writer)("generateQr", {
        type: "phone",
        content: "+49 30 1234567",
        includeImage: false,
      });
    } finally {
      await writer.close();
    }
    const client = await connect(readOnlyKey);
    const call = succeeding(client);
    try {
      const { tools } = await client.listTools();
      for (const tool of tools) expect(tool.annotations?.readOnlyHint).toBe(true);
      // getTrackedQrCount also reads link counts (shorturl:read), which this key lacks.
      expect(tools.map((t) => t.name)).toEqual(["listQrCodes", "getQrCode", "getQrCodeCount"]);
      const { qrCodes, total } = await call("listQrCodes", { limit: 100 });
      expect(qrCodes.length).toBe(total);
      expect((await call("getQrCode", { id: qrCodes[0].id })).qrCode.id).toBe(qrCodes[0].id);
      expect((await call("getQrCodeCount", {})).total).toBe(total);
      for (const name of ["generateQr", "updateQrCode", "deleteQrCode", "trackQrScan", "getTrackedQrCount"]) {
        await expect(
          client.callTool({ name, arguments: { id: qrCodes[0].id, type: "text", content: "x" } }),
          name,
        ).rejects.toMatchObject({
          code: -32602,
          message: `MCP error -32602: Unknown tool: ${name}`,
          data: { code: "VALIDATION_ERROR" },
        });
      }
    } finally {
      await client.close();
    }
  });
});
