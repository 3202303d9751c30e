import type { FuzzCase } from "../fuzz-case";
import type { FuzzTarget } from "../fuzz-target";

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

/**
 * The one-request repros of the first hostile-input report (causes A–H and the stored junk),
 * run before the random cases every time. Framing repros (absolute form, `*`, Expect, oversize
 * bodies and Locations) are raw-socket cases.
 */
export function regressionCorpus(target: FuzzTarget): FuzzCase[] {
  const bearer = { authorization: `Bearer ${target.accessToken}` };
  const jsonHeaders = { ...bearer, "content-type": "application/json" };
  const formHeaders = { "content-type": "application/x-www-form-urlencoded" };
  const c = (route: string, partial: Omit<FuzzCase, "route" | "sent">): FuzzCase => ({
    route: `regression: ${route}`,
    sent: `${partial.target}${partial.body?.toString("utf8") ?? ""}`,
    ...partial,
  });
  return [
    c("A %zz in the query", { method: "GET", target: "/api/v1/urls?x=%zz", headers: bearer }),
    c("A %FF%FE in the query", { method: "GET", target: "/api/v1/urls?x=%FF%FE", headers: bearer }),
    c("A %C3%28 in the query, HEAD", { method: "HEAD", target: "/api/v1/urls?x=%C3%28", headers: bearer }),
    c("A %zz on a short code", {
      method: "GET",
      target: `/${target.seeds.linkCode}?x=%zz`,
      headers: {},
      page: true,
    }),
    c("F NUL in the log-in e-mail", {
      method: "POST",
      target: "/auth/login",
      headers: formHeaders,
      body: Buffer.from("email=a%00b%40example.com&password=x"),
      page: true,
    }),
    c("F NUL in a link code", { method: "GET", target: "/api/v1/urls/a%00b", headers: bearer }),
    c("F NUL in search", { method: "GET", target: "/api/v1/urls?search=a%00b", headers: bearer }),
    c("F NUL in a UTM field", {
      method: "POST",
      target: "/api/v1/urls",
      headers: jsonHeaders,
      body: json({ url: "https://example.com/", utm_source: "a\u0000b" }),
    }),
    c("F NUL in a campaign name", {
      method: "POST",
      target: "/api/v1/campaigns",
      headers: jsonHeaders,
      body: json({ name: "spring\u0000" }),
    }),
    c("F NUL in an API-key name", {
      method: "POST",
      target: "/api/v1/api-keys",
      headers: jsonHeaders,
      body: json({ name: "key\u0000", permissions: ["shorturl:read"] }),
    }),
    c("F NUL in client_id at revoke", {
      method: "POST",
      target: "/mcp/oauth/revoke",
      headers: formHeaders,
      body: Buffer.from("token=x&client_id=a%00b"),
      oauth: true,
    }),
    c("G repeated return_to at log-in", {
      method: "GET",
      target: "/auth/login?return_to=/a&return_to=/b",
      headers: {},
      page: true,
    }),
    c("G repeated return_to at sign-up", {
      method: "GET",
      target: "/auth/signup?return_to=/a&return_to=/b",
      headers: {},
      page: true,
    }),
    c("H non-Latin-1 return_to", {
      method: "GET",
      target: "/auth/login?return_to=%2F%D0%B0",
      headers: {},
      page: true,
    }),
    c("junk: invalid UTF-8 in a link name", {
      method: "POST",
      target: "/api/v1/urls",
      headers: jsonHeaders,
      body: Buffer.concat([
        Buffer.from('{"url":"https://example.com/","name":"caf'),
        Buffer.from([0xc3, 0x28]),
        Buffer.from('"}'),
      ]),
    }),
    c("junk: U+200B-only API-key name", {
      method: "POST",
      target: "/api/v1/api-keys",
      headers: jsonHeaders,
      body: json({ name: "\u200b\u200b", permissions: ["shorturl:read"] }),
    }),
    c("junk: U+202E in an API-key name", {
      method: "POST",
      target: "/api/v1/api-keys",
      headers: jsonHeaders,
      body: json({ name: "Ad\u202Emin", permissions: ["shorturl:read"] }),
    }),
    c("junk: expired_url with %zz", {
      method: "POST",
      target: "/api/v1/urls",
      headers: jsonHeaders,
      body: json({ url: "https://example.com/", expired_url: "https://example.com/%zz" }),
    }),
  ];
}
