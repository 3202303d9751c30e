import { randomBytes, scryptSync } from "node:crypto";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { fromBinary } from "@bufbuild/protobuf";
import { type CacheConnection, createCache } from "@kurz/cache";
import type { Clock } from "@kurz/clock";
import {
  createEventBus,
  decodeEnvelope,
  type EventBus,
  type EventConsumer,
  type EventProducer,
  eventTopics,
  publishEvent,
} from "@kurz/events";
import { createGrpcClient } from "@kurz/grpc";
import { createLogger } from "@kurz/logger";
import { clicksV1, linksV1 } from "@kurz/proto";
import { startTestLinkService, type TestLinkService, type TestLinkSnapshot, waitFor } from "@kurz/testing";
import { type App, buildApp } from "../src/app";
import { loadConfig, type RedirectorConfig } from "../src/config";
import { startLinkChangeConsumer } from "../src/events/start-link-change-consumer";
import { linkSourceFromGrpc } from "../src/links/link-source";

export interface HttpResult {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface RedirectorHarness {
  app: App;
  /** Where the app listens (`http://127.0.0.1:<port>`), for tests that bring their own agent. */
  baseUrl: string;
  /** A real HTTP request to the listening app (so the fast path is exercised too). */
  http(method: string, path: string, headers?: Record<string, string>, body?: string): Promise<HttpResult>;
  config: RedirectorConfig;
  links: TestLinkService;
  bus: EventBus;
  cache: CacheConnection;
  clickProducer: EventProducer;
  /** Click events received so far, in arrival order. */
  clicks: clicksV1.ClickRecorded[];
  /** Resolves when every click sent so far has been received by the test's consumer. */
  drainClicks(): Promise<void>;
  /** Publishes a link change the way link-api does, and waits until the redirector applied it. */
  publishLinkChange(
    type: string,
    link: linksV1.LinkSnapshot,
    previous?: { host: string; code: string },
  ): Promise<void>;
  close(): Promise<void>;
}

/** A PHC scrypt hash as link-api stores it (cheap parameters: tests only). */
export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, 32, { N: 2 ** 10, r: 8, p: 1 });
  return `$scrypt$ln=10,r=8,p=1$${salt.toString("base64").replace(/=+$/, "")}$${hash.toString("base64").replace(/=+$/, "")}`;
}

export async function startRedirectorHarness(
  snapshots: readonly TestLinkSnapshot[],
  env: Record<string, string> = {},
  options: { clock?: Clock } = {},
): Promise<RedirectorHarness> {
  const logger = createLogger({ service: "redirector-test", level: "silent" });
  const config = loadConfig({ SHORT_HOST: "kurz.test", PASSWORD_COOKIE_SECRET: "test-secret", ...env });
  const links = await startTestLinkService(snapshots);
  const bus = createEventBus({ clientId: "redirector-test", logger });
  const cache = createCache({ logger });
  const clickProducer = bus.producer({ lingerMs: 1 });
  const linkApi = createGrpcClient(linksV1.LinkService, links.address, { retry: { maxAttempts: 1 } });
  const app = buildApp({
    config,
    logger,
    readiness: [],
    cache,
    clickProducer,
    linkSource: linkSourceFromGrpc(linkApi, 1_000),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  const linkConsumer: EventConsumer = await startLinkChangeConsumer(bus, app.links);
  const clicks: clicksV1.ClickRecorded[] = [];
  const clickConsumer = await bus.consume({
    groupId: "redirector-test-clicks",
    topics: [eventTopics.click],
    handler: async (message) => {
      const envelope = decodeEnvelope(message.value);
      clicks.push(fromBinary(clicksV1.ClickRecordedSchema, envelope.payload));
    },
  });
  const changeProducer = bus.producer({ lingerMs: 1 });
  const baseUrl = await app.http.app.listen({ host: "127.0.0.1", port: 0 });

  return {
    app,
    baseUrl,
    http: (method, path, headers = {}, body) =>
      new Promise<HttpResult>((resolve, reject) => {
        const req = httpRequest(`${baseUrl}${path}`, { method, headers, agent: false }, (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => {
            text += chunk;
          });
          res.on("end", () => resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body: text }));
          res.on("error", reject);
        });
        req.on("error", reject);
        req.end(body);
      }),
    config,
    links,
    bus,
    cache,
    clickProducer,
    clicks,
    async drainClicks() {
      // The publisher hands a turn's clicks to the producer on setImmediate; a visit made with
      // inject() can resolve before that turn, and flushing the producer then sent nothing.
      app.clicks.flush();
      await clickProducer.flush();
      await waitFor(async () => (await clickConsumer.lag()).total, {
        until: (lag) => lag === 0,
        what: "the click consumer to catch up (lag 0)",
      });
    },
    async publishLinkChange(type, link, previous) {
      await publishEvent(changeProducer, eventTopics.link, "link-api", {
        type,
        accountId: link.accountId,
        key: link.accountId,
        schema: linksV1.LinkChangedSchema,
        payload: { link, previousHost: previous?.host ?? "", previousCode: previous?.code ?? "" },
      });
      await changeProducer.flush();
      await waitFor(async () => (await linkConsumer.lag()).total, {
        until: (lag) => lag === 0,
        what: "the link change to be applied (lag 0)",
      });
    },
    async close() {
      await app.http.app.close();
      await linkConsumer.stop();
      await clickConsumer.stop();
      await bus.close();
      await cache.close();
      linkApi.close();
      await links.stop();
    },
  };
}
