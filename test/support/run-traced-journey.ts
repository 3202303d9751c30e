import { request } from "node:http";
import { waitFor } from "@kurz/testing";
import type { OtlpReceiver, ReceivedSpan } from "@kurz/testing/otlp-receiver";
import { expect } from "vitest";
import { signInWithOAuth } from "./sign-in-with-oauth";

const SERVER = 2;
const CONSUMER = 5;
const CLICK_TOPIC = "kurz.click.v1";
const VISITS = 4;

/** How a mode tells services apart: the resource (a process each) or kurz.service (one process). */
export type ServiceOf = (span: ReceivedSpan) => unknown;

/** The incoming HTTP request a server span is for, in the old or the stable HTTP conventions. */
function isRequest(span: ReceivedSpan, method: string, path: string): boolean {
  const { attributes } = span;
  const spanMethod = attributes["http.request.method"] ?? attributes["http.method"];
  const target = String(attributes["url.path"] ?? attributes["http.target"] ?? "");
  return span.kind === SERVER && spanMethod === method && target.split("?")[0] === path;
}

function visit(edgeUrl: string, shortHost: string, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${edgeUrl}${path}`,
      {
        headers: { host: shortHost, "user-agent": "Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Firefox/127.0" },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/**
 * Signs in, creates a link (link-api, which asks auth-server for the account's plan over gRPC)
 * and has it visited (redirector, whose clicks analytics-ingest consumes), then reads the spans
 * every process exported: the creation is one trace naming link-api and auth-server, and the
 * batch spans that ingested the clicks link to each redirect's trace.
 */
export async function runTracedJourney(
  edgeUrl: string,
  shortHost: string,
  receiver: OtlpReceiver,
  serviceOf: ServiceOf,
): Promise<{ creationTrace: ReceivedSpan[]; ingests: ReceivedSpan[] }> {
  const user = await signInWithOAuth(edgeUrl, "shorturl:create shorturl:read");
  const created = await fetch(`${edgeUrl}/api/v1/urls`, {
    method: "POST",
    headers: { authorization: `Bearer ${user.accessToken}`, "content-type": "application/json" },
    body: JSON.stringify({
      url: "https://shop.example.com/traced",
      customAlias: `traced-${user.email.slice(5, 15)}`,
    }),
  });
  const body = (await created.json()) as { url: { id: string } };
  expect(created.status, JSON.stringify(body)).toBe(201);
  const code = body.url.id;
  // Visitors at once: their clicks travel in one producer batch, yet each keeps its own trace.
  const statuses = await Promise.all(
    Array.from({ length: VISITS }, () => visit(edgeUrl, shortHost, `/${code}`)),
  );
  expect(statuses).toEqual(Array(VISITS).fill(301));

  const creation = await waitFor(
    () =>
      receiver
        .spans()
        .find((span) => serviceOf(span) === "link-api" && isRequest(span, "POST", "/api/v1/urls")),
    "link-api's span of the link creation",
  );
  await waitFor(
    () =>
      receiver
        .spans()
        .find(
          (span) =>
            span.traceId === creation.traceId && serviceOf(span) === "auth-server" && span.kind === SERVER,
        ),
    "auth-server's span in the creation's trace",
  );
  const creationTrace = receiver.spans().filter((span) => span.traceId === creation.traceId);

  const redirects = await waitFor(
    () =>
      receiver
        .spans()
        .filter((span) => serviceOf(span) === "redirector" && isRequest(span, "GET", `/${code}`)),
    { until: (found) => found.length === VISITS, what: `the redirector's spans of the ${VISITS} visits` },
  );
  const ingests = await waitFor(
    () =>
      receiver
        .spans()
        .filter(
          (span) =>
            serviceOf(span) === "analytics-ingest" &&
            span.scope === "@kurz/events" &&
            span.name === `process ${CLICK_TOPIC}`,
        ),
    {
      until: (batches) => {
        const linked = new Set(batches.flatMap((span) => span.links.map((link) => link.traceId)));
        return redirects.every((redirect) => linked.has(redirect.traceId));
      },
      what: "analytics-ingest's batch spans linked to every redirect",
      timeoutMs: 60_000,
    },
  );
  const redirectTraces = redirects.map((span) => span.traceId);
  expect(new Set(redirectTraces).size).toBe(VISITS);
  for (const ingest of ingests) {
    expect(ingest.kind).toBe(CONSUMER);
    expect(redirectTraces).not.toContain(ingest.traceId);
  }
  return { creationTrace, ingests };
}
