import { randomUUID } from "node:crypto";
import { qrV1 } from "@kurz/proto";
import { waitFor } from "@kurz/testing";
import { decodeQrImage, makePngLogo } from "@kurz/testing/decode-qr-image";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { links, qrCodes } from "../src/db/schema";
import { realPlan } from "./support/real-plan";
import { startTestLinkApi, type TestLinkApi } from "./support/start-test-link-api";

let api: TestLinkApi;
const LIMITED = "qr-limited";

beforeAll(async () => {
  api = await startTestLinkApi({ plans: { plans: { [LIMITED]: realPlan("free", { maxQrCodes: 1 }) } } });
});

afterAll(async () => {
  await api.close();
});

async function call(
  accountId: string,
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  payload?: object,
) {
  return api.http.inject({ method, url: `/api/v1${url}`, headers: await api.auth(accountId), payload });
}

function decodeDataUri(uri: string): string | undefined {
  const match = /^data:(image\/[a-z+]+);base64,(.*)$/.exec(uri)!;
  return decodeQrImage(new Uint8Array(Buffer.from(match[2]!, "base64")), match[1]!);
}

async function qrCount(accountId: string): Promise<number> {
  const [row] = await api.db.select({ n: count() }).from(qrCodes).where(eq(qrCodes.accountId, accountId));
  return row?.n ?? 0;
}

describe("QR codes over REST", () => {
  it("asks auth-server for the plan of a dynamic code once, before its transaction opens", async () => {
    const account = randomUUID();
    const plansAsked = async (payload: object) => {
      const before = api.authService.getAccountCalls;
      const response = await call(account, "POST", "/qr", payload);
      expect(response.statusCode).toBe(201);
      return api.authService.getAccountCalls - before;
    };
    const forStatic = await plansAsked({ content: "https://example.com/static" });
    // The dynamic code's link is created inside the code's transaction: it takes the plan the
    // code asked for, rather than calling auth-server while the transaction is open.
    expect(await plansAsked({ content: "https://example.com/dynamic", dynamic: true })).toBe(forStatic);
  });

  it("POST /qr takes content and format and answers the record with a scannable image", async () => {
    const account = randomUUID();
    for (const format of ["png", "svg"]) {
      const response = await call(account, "POST", "/qr", { content: "https://example.com/menu", format });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body.qrCode).toMatchObject({
        type: "url",
        content: "https://example.com/menu",
        payload: "https://example.com/menu",
        format,
        size: 300,
        foregroundColor: "#000000",
        backgroundColor: "#FFFFFF",
        dynamic: false,
        shortUrl: null,
      });
      expect(body.image.startsWith(`data:image/${format === "png" ? "png" : "svg+xml"};base64,`)).toBe(true);
      expect(decodeDataUri(body.image)).toBe("https://example.com/menu");
    }
  });

  it("creates each content type through /qr-codes/generate", async () => {
    const account = randomUUID();
    const cases: Array<[string, unknown, string]> = [
      ["text", "Hello", "Hello"],
      ["wifi", { ssid: "Home", password: "supersecret" }, "WIFI:T:WPA;S:Home;P:supersecret;;"],
      ["vcard", { firstName: "Ada" }, "BEGIN:VCARD\r\nVERSION:3.0\r\nN:;Ada;;;\r\nFN:Ada\r\nEND:VCARD"],
      ["email", "hi@example.com", "mailto:hi@example.com"],
      ["phone", "+49 30 1234567", "tel:+49301234567"],
      ["sms", '{"number":"+4930123","message":"hi"}', "SMSTO:+4930123:hi"],
      ["location", "48.8584,2.2945", "geo:48.8584,2.2945"],
    ];
    for (const [type, content, payload] of cases) {
      const response = await call(account, "POST", "/qr-codes/generate", { type, content, name: type });
      expect(response.statusCode, type).toBe(201);
      expect(response.json().qrCode.payload).toBe(payload);
      expect(decodeDataUri(response.json().image)).toBe(payload);
    }
    const list = (await call(account, "GET", "/qr-codes?type=wifi")).json();
    expect(list.qrCodes).toHaveLength(1);
    expect(list.qrCodes[0].content).toEqual({
      ssid: "Home",
      password: "supersecret",
      encryption: "WPA",
      hidden: false,
    });
  });

  it("styles, logos and renders stored codes in either format and size", async () => {
    const account = randomUUID();
    const logo = `data:image/png;base64,${Buffer.from(makePngLogo()).toString("base64")}`;
    const created = await call(account, "POST", "/qr-codes", {
      content: "https://example.com/styled",
      size: 400,
      foregroundColor: "#1a237e",
      backgroundColor: "#FFF8E1",
      errorCorrection: "L",
      margin: 2,
      moduleShape: "dots",
      finderShape: "circle",
      logo,
    });
    expect(created.statusCode).toBe(201);
    const qr = created.json().qrCode;
    expect(qr).toMatchObject({
      foregroundColor: "#1A237E",
      errorCorrection: "H",
      hasLogo: true,
      moduleShape: "dots",
    });
    expect(decodeDataUri(created.json().image)).toBe("https://example.com/styled");

    for (const [query, contentType] of [
      ["", "image/png"],
      ["?format=svg", "image/svg+xml"],
      ["?size=800", "image/png"],
    ] as const) {
      const image = await call(account, "GET", `/qr-codes/${qr.id}/image${query}`);
      expect(image.statusCode).toBe(200);
      expect(image.headers["content-type"]).toBe(contentType);
      expect(decodeQrImage(new Uint8Array(image.rawPayload), contentType)).toBe("https://example.com/styled");
    }
    expect((await call(account, "GET", `/qr-codes/${qr.id}/image?size=5`)).statusCode).toBe(400);

    const restyled = await call(account, "PATCH", `/qr-codes/${qr.id}`, {
      logo: null,
      moduleShape: "rounded",
      name: "N",
    });
    expect(restyled.json().qrCode).toMatchObject({ hasLogo: false, moduleShape: "rounded", name: "N" });
  });

  const badInputs: Array<[string, object]> = [
    ["no content", {}],
    ["an unknown type", { type: "barcode", content: "x" }],
    ["a javascript: url", { type: "url", content: "javascript:alert(1)" }],
    ["a too small size", { content: "https://example.com", size: 99 }],
    ["a too large size", { content: "https://example.com", size: 2001 }],
    ["a fractional size", { content: "https://example.com", size: 300.5 }],
    ["a size too small for long content", { type: "text", content: "x".repeat(1500), size: 100 }],
    ["content too long for any QR code", { type: "text", content: "x".repeat(4000) }],
    ["a non-hex color", { content: "https://example.com", foregroundColor: "black" }],
    [
      "a light foreground on a dark background",
      { content: "https://example.com", foregroundColor: "#FFFFFF", backgroundColor: "#000000" },
    ],
    [
      "colors too close to scan",
      { content: "https://example.com", foregroundColor: "#888888", backgroundColor: "#999999" },
    ],
    ["an unknown format", { content: "https://example.com", format: "gif" }],
    ["an unknown error correction", { content: "https://example.com", errorCorrection: "X" }],
    ["a margin of 0", { content: "https://example.com", margin: 0 }],
    ["a margin of 11", { content: "https://example.com", margin: 11 }],
    ["an unknown module shape", { content: "https://example.com", moduleShape: "hearts" }],
    ["an unknown finder shape", { content: "https://example.com", finderShape: "star" }],
    [
      "a logo that is not an image",
      { content: "https://example.com", logo: Buffer.from("GIF89a").toString("base64") },
    ],
    ["a logo that is not base64", { content: "https://example.com", logo: "%%%" }],
    ["a dynamic code of type text", { type: "text", content: "hello", dynamic: true }],
    [
      "a password-protected wifi code",
      { type: "wifi", content: { ssid: "x", encryption: "nopass" }, password: "secret" },
    ],
    ["a short password", { content: "https://example.com", password: "abc" }],
    ["wifi without a password", { type: "wifi", content: { ssid: "x" } }],
    ["a bad location", { type: "location", content: { latitude: 100, longitude: 0 } }],
    ["an unknown field", { content: "https://example.com", colour: "#000000" }],
  ];

  it.each(badInputs)("refuses %s with 400 VALIDATION_ERROR and stores nothing", async (_label, body) => {
    const account = randomUUID();
    const response = await call(account, "POST", "/qr", body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: "VALIDATION_ERROR" });
    expect(await qrCount(account)).toBe(0);
    const [row] = await api.db.select({ n: count() }).from(links).where(eq(links.accountId, account));
    expect(row!.n).toBe(0);
  });

  it("refuses a logo over 256 KiB with 413", async () => {
    const account = randomUUID();
    const logo = Buffer.concat([Buffer.from(makePngLogo()), Buffer.alloc(300 * 1024)]).toString("base64");
    const response = await call(account, "POST", "/qr", { content: "https://example.com", logo });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe("PAYLOAD_TOO_LARGE");
    expect(await qrCount(account)).toBe(0);
  });

  it("makes dynamic codes whose destination changes while the symbol stays, and attributes scans as QR", async () => {
    const account = randomUUID();
    const created = await call(account, "POST", "/qr", {
      content: "https://example.com/v1",
      dynamic: true,
      format: "png",
    });
    expect(created.statusCode).toBe(201);
    const qr = created.json().qrCode;
    expect(qr).toMatchObject({ dynamic: true, content: "https://example.com/v1" });
    expect(qr.shortUrl).toBe(`http://localhost:8080/${qr.shortCode}`);
    expect(qr.payload).toBe(qr.shortUrl);
    expect(decodeDataUri(created.json().image)).toBe(qr.shortUrl);

    const before = await api.links.resolve({ host: "localhost", code: qr.shortCode });
    expect(before.link).toMatchObject({ qr: true, dynamic: true, destinationUrl: "https://example.com/v1" });

    const updated = await call(account, "PATCH", `/qr-codes/${qr.id}`, { content: "https://example.com/v2" });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().qrCode).toMatchObject({ content: "https://example.com/v2", payload: qr.payload });
    const after = await api.links.resolve({ host: "localhost", code: qr.shortCode });
    expect(after.link!.destinationUrl).toBe("https://example.com/v2");
    expect(after.link!.version).toBeGreaterThan(before.link!.version);

    // The link belongs to the code: it cannot be deleted on its own; deleting the code removes it.
    expect((await call(account, "DELETE", `/urls/${qr.shortCode}`)).statusCode).toBe(409);
    expect((await call(account, "DELETE", `/qr-codes/${qr.id}`)).statusCode).toBe(200);
    expect((await api.links.resolve({ host: "localhost", code: qr.shortCode })).found).toBe(false);
    expect((await call(account, "GET", `/qr-codes/${qr.id}`)).statusCode).toBe(404);
  });

  it("protects codes with a password on their short link", async () => {
    const account = randomUUID();
    const created = (
      await call(account, "POST", "/qr", { content: "https://example.com/secret", password: "open-sesame" })
    ).json().qrCode;
    expect(created).toMatchObject({ passwordProtected: true, dynamic: false });
    const resolved = await api.links.resolve({ host: "localhost", code: created.shortCode });
    expect(resolved.link!.passwordHash).toMatch(/^\$scrypt\$/);
    const cleared = await call(account, "PATCH", `/qr-codes/${created.id}`, { password: null });
    expect(cleared.json().qrCode.passwordProtected).toBe(false);
  });

  it("refuses to change a static code's content", async () => {
    const account = randomUUID();
    const created = (await call(account, "POST", "/qr", { content: "https://example.com/static" })).json()
      .qrCode;
    const response = await call(account, "PATCH", `/qr-codes/${created.id}`, {
      content: "https://example.com/other",
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("INVALID_STATE");
    const badStyle = await call(account, "PATCH", `/qr-codes/${created.id}`, { foregroundColor: "#FFFFFF" });
    expect(badStyle.statusCode).toBe(400);
    expect((await call(account, "GET", `/qr-codes/${created.id}`)).json().qrCode.foregroundColor).toBe(
      "#000000",
    );
  });

  it("hides another account's code behind 404", async () => {
    const created = (await call(randomUUID(), "POST", "/qr", { content: "https://example.com" })).json()
      .qrCode;
    const other = randomUUID();
    for (const [method, path] of [
      ["GET", `/qr-codes/${created.id}`],
      ["GET", `/qr-codes/${created.id}/image`],
      ["PATCH", `/qr-codes/${created.id}`],
      ["DELETE", `/qr-codes/${created.id}`],
    ] as const) {
      const response = await call(other, method, path, method === "PATCH" ? { name: "x" } : undefined);
      expect(response.statusCode, `${method} ${path}`).toBe(404);
    }
    expect((await call(other, "GET", "/qr-codes")).json().qrCodes).toEqual([]);
  });

  it("enforces the plan's maximum with 403 QUOTA_EXCEEDED and reports counts", async () => {
    expect((await call(LIMITED, "POST", "/qr", { content: "https://example.com" })).statusCode).toBe(201);
    const response = await call(LIMITED, "POST", "/qr", { content: "https://example.com" });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe("QUOTA_EXCEEDED");
    expect((await call(LIMITED, "GET", "/qr-codes/stats")).json()).toMatchObject({
      total: 1,
      dynamic: 0,
      maxQrCodes: 1,
    });
  });

  it("needs QR scopes", async () => {
    const response = await api.http.inject({
      method: "POST",
      url: "/api/v1/qr",
      headers: await api.auth(randomUUID(), ["qrcode:read"]),
      payload: { content: "https://example.com" },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().required_scope).toBe("qrcode:create");
  });

  it("previews a design as its image and stores nothing: no code, no link, no quota, no event", async () => {
    const eventsBefore = api.events.filter((event) => event.envelope.accountId === LIMITED).length;
    const codesBefore = await qrCount(LIMITED);
    for (let i = 0; i < 3; i++) {
      // LIMITED may hold one code and has it: previews are not codes.
      const png = await call(LIMITED, "POST", "/qr-codes/preview", {
        type: "wifi",
        content: { ssid: "Cafe Guest", password: "espresso-2026", encryption: "WPA" },
        foregroundColor: "#1a4d2e",
      });
      expect(png.statusCode, png.body).toBe(200);
      expect(png.headers["content-type"]).toBe("image/png");
      expect(png.headers["cache-control"]).toBe("no-store");
      expect(decodeQrImage(new Uint8Array(png.rawPayload), "image/png")).toBe(
        "WIFI:T:WPA;S:Cafe Guest;P:espresso-2026;;",
      );
    }
    const svg = await call(LIMITED, "POST", "/qr-codes/preview", { content: "hello", format: "svg" });
    expect(svg.headers["content-type"]).toBe("image/svg+xml");
    expect(decodeQrImage(new Uint8Array(svg.rawPayload), "image/svg+xml")).toBe("hello");
    // A dynamic code's preview stands in for the short link it gets when saved.
    const dynamic = await call(LIMITED, "POST", "/qr-codes/preview", {
      content: "https://example.com/later",
      dynamic: true,
    });
    expect(decodeQrImage(new Uint8Array(dynamic.rawPayload), "image/png")).toMatch(
      /^https?:\/\/[^/]+\/x{7}$/,
    );
    expect(await qrCount(LIMITED)).toBe(codesBefore);
    expect(api.events.filter((event) => event.envelope.accountId === LIMITED)).toHaveLength(eventsBefore);
  });

  it("refuses a preview it could not draw, as creating would", async () => {
    const account = randomUUID();
    const tooSmall = await call(account, "POST", "/qr-codes/preview", {
      content: "x".repeat(900),
      size: 100,
    });
    expect(tooSmall.statusCode).toBe(400);
    expect(tooSmall.json()).toMatchObject({ code: "VALIDATION_ERROR", details: { field: "size" } });
    const wrongType = await call(account, "POST", "/qr-codes/preview", {
      type: "text",
      content: "hi",
      dynamic: true,
    });
    expect(wrongType.statusCode).toBe(400);
    const noScope = await api.http.inject({
      method: "POST",
      url: "/api/v1/qr-codes/preview",
      headers: await api.auth(account, ["qrcode:read"]),
      payload: { content: "hi" },
    });
    expect(noScope.statusCode).toBe(403);
    expect(await qrCount(account)).toBe(0);
  });

  it("publishes qr events", async () => {
    const account = randomUUID();
    const created = (await call(account, "POST", "/qr", { content: "https://example.com" })).json().qrCode;
    await call(account, "PATCH", `/qr-codes/${created.id}`, { name: "renamed" });
    await call(account, "DELETE", `/qr-codes/${created.id}`);
    const mine = () => api.events.filter((event) => event.envelope.accountId === account);
    await waitFor(() => mine().map((event) => event.envelope.type), {
      until: (types) => types.length >= 3,
      what: "three qr events",
    });
    expect(mine().map((event) => [event.topic, event.envelope.type])).toEqual([
      ["kurz.qr.v1", "qr.created"],
      ["kurz.qr.v1", "qr.updated"],
      ["kurz.qr.v1", "qr.deleted"],
    ]);
  });
});

describe("QrService", () => {
  it("creates, lists, updates, renders, counts and deletes codes", async () => {
    const accountId = randomUUID();
    const { qrCode } = await api.qr.createQrCode(
      {
        type: qrV1.QrContentType.WIFI,
        content: '{"ssid":"Office","password":"correct horse"}',
        name: "wifi",
        style: { size: 256, moduleShape: qrV1.ModuleShape.ROUNDED, format: qrV1.QrFormat.SVG },
      },
      { accountId },
    );
    expect(qrCode).toMatchObject({
      type: qrV1.QrContentType.WIFI,
      payload: "WIFI:T:WPA;S:Office;P:correct horse;;",
      style: { size: 256, format: qrV1.QrFormat.SVG, moduleShape: qrV1.ModuleShape.ROUNDED },
    });
    const rendered = await api.qr.renderQrCode({ id: qrCode!.id }, { accountId });
    expect(rendered.contentType).toBe("image/svg+xml");
    expect(decodeQrImage(rendered.image, rendered.contentType)).toBe(qrCode!.payload);
    const png = await api.qr.renderQrCode(
      { id: qrCode!.id, format: qrV1.QrFormat.PNG, size: 512 },
      { accountId },
    );
    expect(decodeQrImage(png.image, png.contentType)).toBe(qrCode!.payload);

    const dynamic = await api.qr.createQrCode(
      { type: qrV1.QrContentType.URL, content: "https://example.com/a", dynamic: true, logo: makePngLogo() },
      { accountId },
    );
    expect(dynamic.qrCode).toMatchObject({
      dynamic: true,
      hasLogo: true,
      style: { errorCorrection: qrV1.ErrorCorrectionLevel.H },
    });
    const updated = await api.qr.updateQrCode(
      { id: dynamic.qrCode!.id, content: "https://example.com/b" },
      { accountId },
    );
    expect(updated.qrCode!.content).toBe("https://example.com/b");

    const listed = await api.qr.listQrCodes({ page: { limit: 1 } }, { accountId });
    expect(listed.qrCodes).toHaveLength(1);
    expect(listed.page!.total).toBe(2n);
    expect(await api.qr.countQrCodes({}, { accountId })).toMatchObject({ total: 2n, dynamic: 1n });

    await api.qr.deleteQrCode({ id: qrCode!.id }, { accountId });
    await expect(api.qr.getQrCode({ id: qrCode!.id }, { accountId })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("refuses bad input and other accounts' codes", async () => {
    const accountId = randomUUID();
    await expect(
      api.qr.createQrCode(
        {
          type: qrV1.QrContentType.URL,
          content: "https://example.com",
          style: { foregroundColor: "#EEEEEE" },
        },
        { accountId },
      ),
    ).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    await expect(
      api.qr.createQrCode({ type: qrV1.QrContentType.LOCATION, content: "nowhere" }, { accountId }),
    ).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    expect(await qrCount(accountId)).toBe(0);
    const { qrCode } = await api.qr.createQrCode({ content: "https://example.com" }, { accountId });
    await expect(api.qr.getQrCode({ id: qrCode!.id }, { accountId: randomUUID() })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(api.qr.renderQrCode({ id: qrCode!.id, size: 5 }, { accountId })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
    });
  });
});
