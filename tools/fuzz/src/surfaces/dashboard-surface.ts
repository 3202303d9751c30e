import fc from "fast-check";
import type { FuzzCase } from "../fuzz-case";
import type { FuzzTarget } from "../fuzz-target";
import { hostileString, pathSegment, wrongJsonValue } from "../generate/hostile-strings";
import type { Surface } from "./openapi-surface";

/** API paths the web app calls, real and made up, for the relay. */
const API_PATHS = [
  "/app/api/v1/urls",
  "/app/api/v1/account",
  "/app/api/v1/campaigns",
  "/app/api/v1/tags",
  "/app/api/v1/analytics/overview",
  "/app/api/v1/webhooks",
  "/app/api/v1",
  "/app/api/internal/token",
  "/app/api/mcp",
  "/app/api/v1/urls/%00",
  "/app/api/v1/urls/%2e%2e/%2e%2e/account",
];

/**
 * The dashboard (/app): its sign-in, callback and sign-out, the session probe, its pages, and the
 * API relay — the relay both with the fuzzing account's real session (with and without the CSRF
 * token) and with forged cookies. Pages may answer HTML; the relay answers the API's JSON errors.
 */
export function dashboardSurface(target: FuzzTarget): Surface {
  const route = (name: string, page: boolean, cases: fc.Arbitrary<Omit<FuzzCase, "route" | "page">>) => ({
    route: name,
    cases: cases.map((c) => ({ ...c, route: name, page })),
  });
  const cookie = fc.oneof(
    { arbitrary: fc.constant(target.dashboard.cookie), weight: 3 },
    { arbitrary: hostileString.map((value) => `kurz_app=${pathSegment(value)}`), weight: 2 },
    {
      arbitrary: fc.constantFrom("", "kurz_app=", `kurz_app=${"A".repeat(43)}`, "kurz_app_login=x"),
      weight: 1,
    },
  );
  const csrf = fc.oneof(
    { arbitrary: fc.constant(target.dashboard.csrfToken), weight: 3 },
    { arbitrary: hostileString.map(pathSegment), weight: 1 },
  );
  const query = hostileString.map(pathSegment);
  return {
    name: "dashboard",
    routes: [
      route(
        "GET /app/auth/login",
        true,
        query.map((back) => ({
          method: "GET",
          target: `/app/auth/login?return_to=${back}`,
          headers: {},
          sent: back,
        })),
      ),
      route(
        "GET /app/auth/callback",
        true,
        fc
          .record({
            code: query,
            state: query,
            iss: query,
            error: fc.option(query, { nil: undefined }),
            cookie,
          })
          .map(({ cookie: jar, error, ...params }) => ({
            method: "GET",
            target: `/app/auth/callback?code=${params.code}&state=${params.state}&iss=${params.iss}${
              error === undefined ? "" : `&error=${error}`
            }`,
            headers: { cookie: jar.replace("kurz_app=", "kurz_app_login=") },
            sent: Object.values(params).join("") + (error ?? ""),
          })),
      ),
      route(
        "GET /app/session, GET /app/*",
        true,
        fc
          .tuple(
            fc.constantFrom("/app/session", "/app/", "/app/links", "/app/signed-out", "/app/assets/x.js"),
            query,
            cookie,
          )
          .map(([path, extra, jar]) => ({
            method: "GET",
            target: `${path}${path.endsWith("/") ? extra : `?q=${extra}`}`,
            headers: { cookie: jar },
            sent: extra,
          })),
      ),
      route(
        "POST /app/auth/logout (forged)",
        false,
        fc.tuple(hostileString.map(pathSegment), cookie).map(([token, jar]) => ({
          method: "POST",
          target: "/app/auth/logout",
          // Never the real token: these cases must not end the session the others use.
          headers: { cookie: jar, "x-csrf-token": token },
          sent: token,
        })),
      ),
      route(
        "ANY /app/api/* (relay)",
        false,
        fc
          .record({
            method: fc.constantFrom("GET", "POST", "PATCH", "PUT", "DELETE", "OPTIONS"),
            path: fc.constantFrom(...API_PATHS),
            suffix: fc.oneof(
              fc.constant(""),
              query.map((q) => `?q=${q}`),
              query.map((q) => `/${q}`),
            ),
            body: fc.option(
              fc.oneof(
                wrongJsonValue.map((v) => JSON.stringify(v) ?? "null"),
                hostileString.map((v) => JSON.stringify({ url: v, customAlias: v })),
                hostileString,
              ),
              { nil: undefined },
            ),
            cookie,
            csrf,
            contentType: fc.constantFrom(
              "application/json",
              "text/plain",
              "application/x-www-form-urlencoded",
              "",
            ),
          })
          .map((c) => ({
            method: c.method,
            target: `${c.path}${c.suffix}`,
            headers: {
              cookie: c.cookie,
              "x-csrf-token": c.csrf,
              ...(c.body === undefined || c.contentType === "" ? {} : { "content-type": c.contentType }),
            },
            ...(c.body === undefined || c.method === "GET" ? {} : { body: Buffer.from(c.body) }),
            sent: `${c.suffix}${c.body ?? ""}`,
          })),
      ),
    ],
  };
}
