import { randomUUID } from "node:crypto";
import { startTestDnsServer, type TestDnsServer } from "@kurz/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config";
import { startTestLinkApi, type TestLinkApi } from "./support/start-test-link-api";

// Short links must not send visitors to hosts on private networks, to cloud metadata services or
// back into Kurz itself (a loop). Hosts are judged by their literal: no DNS lookup happens on the
// request path. The test app's short host is localhost:8080 and its subdomain host kurz.test.

let api: TestLinkApi;
let intranet: TestLinkApi;
let dns: TestDnsServer;

beforeAll(async () => {
  dns = await startTestDnsServer();
  api = await startTestLinkApi({ dnsServers: [dns.address] });
  intranet = await startTestLinkApi({
    destinationAllowedHosts: ["10.0.0.0/8", "*.corp.internal", "localhost", "fd12::/16"],
  });
});

afterAll(async () => {
  await api?.close();
  await intranet?.close();
  await dns?.stop();
});

async function create(target: TestLinkApi, payload: object, accountId = randomUUID()) {
  return target.http.inject({
    method: "POST",
    url: "/api/v1/urls",
    headers: await target.auth(accountId),
    payload,
  });
}

describe("creating a short URL", () => {
  const refused: Array<[string, string]> = [
    ["http://localhost/admin", "loopback"],
    ["http://app.localhost/", "loopback"],
    ["http://127.0.0.1/", "loopback"],
    ["http://127.1.2.3:8443/x", "loopback"],
    ["http://2130706433/", "loopback"],
    ["http://0x7f.0.0.1/", "loopback"],
    ["http://0177.0.0.1/", "loopback"],
    ["http://[::1]/", "loopback"],
    ["http://[::ffff:127.0.0.1]/", "loopback"],
    ["http://10.1.2.3/", "private_network"],
    ["http://172.16.0.1/", "private_network"],
    ["http://172.31.255.254/", "private_network"],
    ["http://192.168.1.1/router", "private_network"],
    ["http://100.64.0.1/", "private_network"],
    ["http://[fd12:3456::1]/", "private_network"],
    ["http://[::ffff:10.0.0.1]/", "private_network"],
    ["http://[64:ff9b::a00:1]/", "private_network"],
    ["http://169.254.1.1/", "link_local"],
    ["http://[fe80::1]/", "link_local"],
    ["http://169.254.169.254/latest/meta-data/", "cloud_metadata"],
    ["http://metadata.google.internal/computeMetadata/v1/", "cloud_metadata"],
    ["http://[fd00:ec2::254]/", "cloud_metadata"],
    ["http://0.0.0.0/", "unspecified"],
    ["http://printer.local/", "internal_name"],
    ["http://db.corp.internal/", "internal_name"],
  ];

  for (const [url, reason] of refused) {
    it(`refuses ${url} as ${reason}`, async () => {
      const response = await create(api, { url });

      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: "VALIDATION_ERROR", details: { field: "url", reason } });
      expect(response.json().error).toMatch(/DESTINATION_ALLOWED_HOSTS/);
    });
  }

  const allowed = [
    "https://example.com/",
    "http://172.32.0.1/",
    "https://8.8.8.8/",
    "https://[2606:4700:4700::1111]/",
    "http://localhost.example.com/",
  ];
  for (const url of allowed) {
    it(`accepts the public destination ${url}`, async () => {
      expect((await create(api, { url })).statusCode).toBe(201);
    });
  }

  it("refuses a private expired_url, naming that field", async () => {
    const response = await create(api, { url: "https://example.com", expired_url: "http://192.168.0.10/" });

    expect(response.statusCode).toBe(400);
    expect(response.json().details).toMatchObject({ field: "expired_url", reason: "private_network" });
  });

  it("refuses a short link of Kurz itself, on the short host or a subdomain, as a redirect loop", async () => {
    for (const url of [
      "http://localhost:8080/abc1234",
      "http://shop.kurz.test/deal",
      "https://kurz.test/x_y-z",
    ]) {
      const response = await create(api, { url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().details, url).toMatchObject({ field: "url", reason: "redirect_loop" });
    }
  });

  it("refuses a short link on any verified branded domain, but not other pages of it", async () => {
    const owner = randomUUID();
    const headers = await api.auth(owner);
    const domain = `go-${randomUUID().slice(0, 8)}.example.com`;
    const added = await api.http.inject({
      method: "POST",
      url: "/api/v1/domains/branded",
      headers,
      payload: { domain },
    });
    dns.setTxt(`_kurz-verify.${domain}`, [added.json().brandedDomain.verification.value]);
    await api.http.inject({ method: "POST", url: `/api/v1/domains/branded/${domain}/verify`, headers });

    const loop = await create(api, { url: `https://${domain}/summer` });
    const page = await create(api, { url: `https://${domain}/shop/summer-sale` });

    expect(loop.statusCode).toBe(400);
    expect(loop.json().details).toMatchObject({ reason: "redirect_loop", host: domain });
    expect(page.statusCode).toBe(201);
  });

  it("refuses a private destination over gRPC as well", async () => {
    await expect(
      api.links.createLink({ url: "http://10.0.0.5/" }, { accountId: randomUUID() }),
    ).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
  });
});

describe("updating a short URL", () => {
  it("refuses a private destination for a dynamic link", async () => {
    const account = randomUUID();
    const link = (await create(api, { url: "https://example.com", is_dynamic: true }, account)).json().url;

    const response = await api.http.inject({
      method: "PATCH",
      url: `/api/v1/urls/${link.id}`,
      headers: await api.auth(account),
      payload: { url: "http://169.254.169.254/" },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().details).toMatchObject({ field: "url", reason: "cloud_metadata" });
  });
});

describe("QR codes", () => {
  it("refuses a dynamic QR code whose link would redirect to a private host, naming content", async () => {
    const response = await api.http.inject({
      method: "POST",
      url: "/api/v1/qr-codes",
      headers: await api.auth(randomUUID()),
      payload: { type: "url", content: "http://192.168.1.1/", dynamic: true },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().details).toMatchObject({ field: "content", reason: "private_network" });
  });

  it("refuses changing a dynamic QR code's destination to a private host", async () => {
    const account = randomUUID();
    const headers = await api.auth(account);
    const created = await api.http.inject({
      method: "POST",
      url: "/api/v1/qr-codes",
      headers,
      payload: { type: "url", content: "https://example.com/menu", dynamic: true },
    });
    const response = await api.http.inject({
      method: "PATCH",
      url: `/api/v1/qr-codes/${created.json().qrCode.id}`,
      headers,
      payload: { content: "http://10.0.0.1/" },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().details).toMatchObject({ field: "content", reason: "private_network" });
  });

  it("still draws a static QR code of a private URL: Kurz neither redirects to nor fetches it", async () => {
    const response = await api.http.inject({
      method: "POST",
      url: "/api/v1/qr-codes",
      headers: await api.auth(randomUUID()),
      payload: { type: "url", content: "http://192.168.1.1/" },
    });

    expect(response.statusCode).toBe(201);
  });
});

describe("a deployment that allows intranet destinations (DESTINATION_ALLOWED_HOSTS)", () => {
  it("accepts the hosts, ranges and wildcards it lists", async () => {
    for (const url of [
      "http://10.20.30.40/wiki",
      "http://wiki.corp.internal/",
      "http://[fd12::5]/",
      "http://localhost:3000/app",
    ]) {
      expect((await create(intranet, { url })).statusCode, url).toBe(201);
    }
  });

  it("still refuses what it does not list, and loops through Kurz whatever it lists", async () => {
    const privateHost = await create(intranet, { url: "http://192.168.1.1/" });
    const loop = await create(intranet, { url: "http://localhost:8080/abc1234" });

    expect(privateHost.json().details.reason).toBe("private_network");
    expect(loop.json().details.reason).toBe("redirect_loop");
  });

  it("fails to start on an entry it cannot read", () => {
    expect(() => loadConfig({ DESTINATION_ALLOWED_HOSTS: "10.0.0.0/8,10.0.0.0/33" })).toThrow(
      /10\.0\.0\.0\/33/,
    );
    expect(
      loadConfig({ DESTINATION_ALLOWED_HOSTS: "10.0.0.0/8, *.corp.example" }).DESTINATION_ALLOWED_HOSTS,
    ).toEqual(["10.0.0.0/8", "*.corp.example"]);
  });
});
