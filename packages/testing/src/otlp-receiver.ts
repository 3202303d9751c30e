import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";

type AttributeValue = string | number | boolean | AttributeValue[] | undefined;

/** One span as an OTLP collector receives it, flattened: its resource and scope beside it. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  /** Absent for a trace's root span. */
  parentSpanId: string | undefined;
  name: string;
  /** OTLP's enum: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  scope: string;
  resource: Record<string, AttributeValue>;
  attributes: Record<string, AttributeValue>;
  links: Array<{ traceId: string; spanId: string; attributes: Record<string, AttributeValue> }>;
}

export interface OtlpReceiver {
  /** For OTEL_EXPORTER_OTLP_ENDPOINT. */
  endpoint: string;
  /** The variables that make a process export its spans here quickly, as OTLP/JSON. */
  env: Record<string, string>;
  spans(): ReceivedSpan[];
  stop(): Promise<void>;
}

interface OtlpKeyValue {
  key: string;
  value?: OtlpAnyValue;
}
interface OtlpAnyValue {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: number | string;
  doubleValue?: number;
  arrayValue?: { values?: OtlpAnyValue[] };
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: OtlpKeyValue[];
  links?: Array<{ traceId: string; spanId: string; attributes?: OtlpKeyValue[] }>;
}
interface OtlpTraces {
  resourceSpans?: Array<{
    resource?: { attributes?: OtlpKeyValue[] };
    scopeSpans?: Array<{ scope?: { name?: string }; spans?: OtlpSpan[] }>;
  }>;
}

function attributeValue(value: OtlpAnyValue | undefined): AttributeValue {
  if (!value) return undefined;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(attributeValue);
  return undefined;
}

function attributesOf(list: OtlpKeyValue[] | undefined): Record<string, AttributeValue> {
  return Object.fromEntries((list ?? []).map(({ key, value }) => [key, attributeValue(value)]));
}

function flatten(body: OtlpTraces): ReceivedSpan[] {
  return (body.resourceSpans ?? []).flatMap((resourceSpans) => {
    const resource = attributesOf(resourceSpans.resource?.attributes);
    return (resourceSpans.scopeSpans ?? []).flatMap((scopeSpans) =>
      (scopeSpans.spans ?? []).map((span) => ({
        traceId: span.traceId,
        spanId: span.spanId,
        parentSpanId: span.parentSpanId || undefined,
        name: span.name,
        kind: span.kind,
        scope: scopeSpans.scope?.name ?? "",
        resource,
        attributes: attributesOf(span.attributes),
        links: (span.links ?? []).map((link) => ({
          traceId: link.traceId,
          spanId: link.spanId,
          attributes: attributesOf(link.attributes),
        })),
      })),
    );
  });
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  return request.headers["content-encoding"] === "gzip" ? gunzipSync(body) : body;
}

/**
 * A stand-in for an OpenTelemetry collector: an OTLP/HTTP endpoint in the test process that keeps
 * every span it is sent (OTLP/JSON; metrics and logs are accepted and dropped). Point processes at
 * it with `env`; no collector needs to run.
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const received: ReceivedSpan[] = [];
  const server = createServer((request, response) => {
    readBody(request).then(
      (body) => {
        if (request.url === "/v1/traces") {
          if (!String(request.headers["content-type"]).startsWith("application/json")) {
            response.writeHead(415).end("send OTLP/JSON (OTEL_EXPORTER_OTLP_PROTOCOL=http/json)");
            return;
          }
          received.push(...flatten(JSON.parse(body.toString("utf8")) as OtlpTraces));
        }
        response.writeHead(200, { "content-type": "application/json" }).end("{}");
      },
      () => response.writeHead(400).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    env: {
      OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
      OTEL_TRACES_EXPORTER: "otlp",
      OTEL_METRICS_EXPORTER: "none",
      OTEL_LOGS_EXPORTER: "none",
      // Export within a fraction of a second, not the default 5 s.
      OTEL_BSP_SCHEDULE_DELAY: "100",
    },
    spans: () => [...received],
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
