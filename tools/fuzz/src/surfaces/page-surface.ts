import fc from "fast-check";
import type { FuzzCase } from "../fuzz-case";
import type { FuzzTarget } from "../fuzz-target";
import { hostileString, pathSegment } from "../generate/hostile-strings";
import type { Surface } from "./openapi-surface";

function encoded(value: string): string {
  return pathSegment(value);
}

const returnTo = fc.oneof(
  hostileString.map(encoded),
  fc.constantFrom(
    "%2F%D0%B0",
    "%2F%2Fevil.example",
    "https%3A%2F%2Fevil.example",
    "/a&return_to=/b",
    "x".repeat(17_000),
  ),
);

const formValue = fc.oneof(
  { arbitrary: fc.emailAddress(), weight: 2 },
  { arbitrary: hostileString, weight: 3 },
);

function form(fields: Record<string, string>): Buffer {
  return Buffer.from(new URLSearchParams(fields).toString());
}

/**
 * What people's browsers reach: the log-in, sign-up and account pages (forms without a CSRF
 * token included), and the redirector's paths (short codes, password forms, odd hosts). These
 * may answer HTML pages; their errors must still be 4xx, never a 5xx or a leak.
 */
export function pageSurface(target: FuzzTarget): Surface {
  const page = (route: string, cases: fc.Arbitrary<Omit<FuzzCase, "route" | "page">>) => ({
    route,
    cases: cases.map((c) => ({ ...c, route, page: true })),
  });
  const visitorHeaders = fc.record({
    host: fc.constantFrom(
      target.shortHost,
      "unknown.example",
      "",
      "a".repeat(300),
      `${target.shortHost}:99999`,
    ),
    "user-agent": fc.oneof(
      fc.constantFrom("Mozilla/5.0 (X11; Linux x86_64) Firefox/127.0", "Slackbot 1.0", ""),
      hostileString.map(encoded),
    ),
  });
  const code = fc.oneof(
    { arbitrary: fc.constant(target.seeds.linkCode), weight: 2 },
    { arbitrary: hostileString.map(encoded), weight: 3 },
    { arbitrary: fc.constantFrom("%zz", "a%00b", "healthz", "readyz", "..%2f", "x".repeat(70)), weight: 1 },
  );
  return {
    name: "pages",
    routes: [
      page(
        "GET /auth/login",
        fc.tuple(returnTo, fc.boolean()).map(([back, twice]) => ({
          method: "GET",
          target: `/auth/login?return_to=${back}${twice ? `&return_to=${back}` : ""}`,
          headers: {},
          sent: back,
        })),
      ),
      page(
        "GET /auth/signup",
        returnTo.map((back) => ({
          method: "GET",
          target: `/auth/signup?return_to=${back}`,
          headers: {},
          sent: back,
        })),
      ),
      page(
        "POST /auth/login",
        fc.record({ email: formValue, password: formValue, return_to: hostileString }).map((fields) => ({
          method: "POST",
          target: "/auth/login",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: form(fields),
          sent: Object.values(fields).join(""),
        })),
      ),
      page(
        "POST /auth/signup",
        fc.record({ email: formValue, password: formValue, name: hostileString }).map((fields) => ({
          method: "POST",
          target: "/auth/signup",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: form(fields),
          sent: Object.values(fields).join(""),
        })),
      ),
      page(
        "GET /auth/sso/start",
        fc
          .tuple(hostileString, returnTo, fc.constantFrom("fuzz@example.com", ""))
          .map(([email, back, known]) => ({
            method: "GET",
            target: `/auth/sso/start?email=${encoded(known || email)}&continue=${back}`,
            headers: {},
            sent: `${email}${back}`,
          })),
      ),
      page(
        "GET /auth/sso/callback",
        fc
          .record({ code: hostileString, state: hostileString, error: fc.constantFrom("", "access_denied") })
          .map((fields) => ({
            method: "GET",
            target: `/auth/sso/callback?${new URLSearchParams(fields).toString()}`,
            headers: {},
            sent: Object.values(fields).join(""),
          })),
      ),
      page(
        "GET /auth/invitations/:secret",
        fc
          .oneof(
            { arbitrary: fc.constant(target.seeds.invitationPath), weight: 1 },
            { arbitrary: hostileString.map((secret) => `/auth/invitations/${encoded(secret)}`), weight: 3 },
          )
          .map((path) => ({ method: "GET", target: path, headers: {}, sent: path })),
      ),
      page(
        "POST /auth/invitations/:secret/accept",
        fc
          .tuple(
            fc.oneof(
              fc.constant(target.seeds.invitationPath),
              hostileString.map((s) => `/auth/invitations/${encoded(s)}`),
            ),
            hostileString,
          )
          .map(([path, csrf]) => ({
            method: "POST",
            target: `${path}/accept`,
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: form({ csrf_token: csrf }),
            sent: csrf,
          })),
      ),
      page(
        "GET /account/*",
        fc
          .tuple(
            fc.constantFrom("/account", "/account/api-keys", "/account/apps"),
            hostileString.map(encoded),
          )
          .map(([path, extra]) => ({
            method: "GET",
            target: `${path}?q=${extra}`,
            headers: {},
            sent: extra,
          })),
      ),
      page(
        "POST /account/apps/:clientId/revoke",
        fc.oneof(fc.constant(target.seeds.clientId), hostileString.map(encoded)).map((id) => ({
          method: "POST",
          target: `/account/apps/${id}/revoke`,
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: form({ csrf: "x" }),
          sent: id,
        })),
      ),
      page(
        "POST /account/api-keys, /auth/consent, /auth/logout, /account/api-keys/:id/revoke",
        fc
          .tuple(
            fc.constantFrom(
              "/account/api-keys",
              "/auth/consent",
              "/auth/logout",
              `/account/api-keys/${target.seeds.apiKeyId}/revoke`,
              "/account/api-keys/%00/revoke",
            ),
            fc.record({
              name: hostileString,
              csrf: hostileString,
              decision: fc.constantFrom("allow", "deny", ""),
            }),
          )
          .map(([path, fields]) => ({
            method: "POST",
            target: path,
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: form(fields),
            sent: Object.values(fields).join(""),
          })),
      ),
      page(
        "GET /auth, /auth/consent, /.kurz/health, /api/v1/docs",
        fc
          .tuple(
            fc.constantFrom(
              "/auth",
              "/auth/consent",
              "/.kurz/health",
              "/.kurz/health/link-api",
              "/.kurz/health/%zz",
              "/api/v1/docs",
              "/api/v1/docs/openapi.json",
            ),
            hostileString.map(encoded),
          )
          .map(([path, query]) => ({
            method: "GET",
            target: `${path}?x=${query}`,
            headers: {},
            sent: query,
          })),
      ),
      page(
        "GET|HEAD /:code",
        fc
          .tuple(fc.constantFrom("GET", "HEAD"), code, visitorHeaders, hostileString.map(encoded))
          .map(([method, c, headers, query]) => ({
            method,
            target: `/${c}?utm_source=${query}`,
            headers,
            sent: `${c}${query}`,
          })),
      ),
      page(
        "GET / and /.well-known/ association files (host settings)",
        fc
          .tuple(
            fc.constantFrom(
              "/",
              "/.well-known/apple-app-site-association",
              "/.well-known/assetlinks.json",
              "/.well-known/assetlinks.json/%00",
            ),
            visitorHeaders,
            hostileString.map(encoded),
          )
          .map(([path, headers, query]) => ({
            method: "GET",
            target: `${path}?x=${query}`,
            headers,
            sent: query,
          })),
      ),
      page(
        "POST /:code (password form)",
        fc.tuple(code, formValue, visitorHeaders).map(([c, password, headers]) => ({
          method: "POST",
          target: `/${c}`,
          headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
          body: form({ password }),
          sent: password,
        })),
      ),
    ],
  };
}
