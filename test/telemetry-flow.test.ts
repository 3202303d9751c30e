import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type RunningCluster, startDistributed } from "@kurz/distributed";
import {
  bundleArgs,
  freePort,
  isolatedRedisEnv,
  kafkaBackend,
  localEdgeEnv,
  postgresBackend,
  redisBackend,
  waitFor,
} from "@kurz/testing";
import { type OtlpReceiver, startOtlpReceiver } from "@kurz/testing/otlp-receiver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runTracedJourney } from "./support/run-traced-journey";

const root = fileURLToPath(new URL("../", import.meta.url));
const [postgres, redis, kafka] = await Promise.all([postgresBackend(), redisBackend(), kafkaBackend()]);

/** The test's own environment, minus any resource naming it may carry. */
function cleanEnv(): Record<string, string | undefined> {
  const { OTEL_SERVICE_NAME: _name, OTEL_RESOURCE_ATTRIBUTES: _attributes, ...env } = process.env;
  return env;
}

/** Public URL variables of a Kurz reached at localhost:<port>. */
describe("telemetry, embedded: one process, each service's spans marked with kurz.service", () => {
  let receiver: OtlpReceiver;
  let child: ChildProcess;
  let dataDir: string;
  let port: number;
  let output = "";

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    dataDir = mkdtempSync(path.join(tmpdir(), "kurz-telemetry-embedded-"));
    port = await freePort();
    // As `make start` runs it: its own process with the telemetry preload.
    child = spawn(process.execPath, bundleArgs("apps/embedded"), {
      cwd: root,
      env: {
        ...cleanEnv(),
        ...receiver.env,
        ...localEdgeEnv(port),
        LOG_LEVEL: "warn",
        DATA_DIR: dataDir,
        KURZ_SERVICE_PORTS: "ephemeral",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    const exited = new AbortController();
    child.once("exit", (code) => exited.abort(new Error(`embedded Kurz exited ${code}: ${output}`)));
    await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/.kurz/health`)).status, {
      until: (status) => status === 200,
      what: "embedded Kurz to be ready",
      // Its own process starting every service, with the telemetry preload: two minutes and more
      // beside browser tests on a loaded two-core machine (120 s was not always enough).
      timeoutMs: 240_000,
      signal: exited.signal,
    }).catch((error: Error) => {
      throw new Error(`${error.message}\n--- its output ---\n${output.split("\n").slice(-40).join("\n")}`, {
        cause: error,
      });
    });
    // Long by design: the readiness wait above, beyond the default bound of a hook.
  }, 300_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill("SIGTERM");
      await once(child, "exit");
    }
    await receiver?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  // Long by design: a sign-in, a link, visits, then spans exported by batch from every service.
  it("shows a link creation as one trace naming link-api and auth-server, and links the clicks' ingest to their redirects", async () => {
    const { creationTrace, ingests } = await runTracedJourney(
      `http://localhost:${port}`,
      `localhost:${port}`,
      receiver,
      (span) => span.attributes["kurz.service"],
    );
    // One process, one resource: named after its package, in the kurz namespace.
    for (const span of creationTrace) {
      expect(span.resource).toMatchObject({ "service.name": "embedded", "service.namespace": "kurz" });
    }
    expect([...new Set(creationTrace.map((span) => span.attributes["kurz.service"]))]).toEqual(
      expect.arrayContaining(["link-api", "auth-server"]),
    );
    for (const ingest of ingests) expect(ingest.resource["service.name"]).toBe("embedded");
  }, 180_000);
});

describe.skipIf(!postgres.available || !redis.available || !kafka.available)(
  "telemetry, distributed: a process per service, each named by its resource",
  () => {
    let receiver: OtlpReceiver;
    let cluster: RunningCluster;
    let dataDir: string;
    let port: number;
    const lines: string[] = [];

    beforeAll(async () => {
      if (!postgres.available || !redis.available) throw new Error("unreachable");
      receiver = await startOtlpReceiver();
      dataDir = mkdtempSync(path.join(tmpdir(), "kurz-telemetry-distributed-"));
      port = await freePort();
      cluster = await startDistributed({
        env: {
          ...cleanEnv(),
          ...receiver.env,
          ...localEdgeEnv(port),
          LOG_LEVEL: "warn",
          DATA_DIR: dataDir,
          KURZ_POSTGRES_ADMIN_URL: postgres.value.adminUrl,
          ...isolatedRedisEnv(redis.value.url),
        },
        ports: "ephemeral",
        output: (line) => lines.push(line),
      });
    });

    afterAll(async () => {
      await cluster?.stop();
      await receiver?.stop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    // Long by design: the same journey across a process per service, spans exported over Kafka too.
    it("shows a link creation as one trace across the link-api and auth-server processes, and links the clicks' ingest over Kafka to their redirects", async () => {
      const { creationTrace, ingests } = await runTracedJourney(
        `http://localhost:${port}`,
        `localhost:${port}`,
        receiver,
        (span) => span.resource["service.name"],
      ).catch((error: Error) => {
        throw new Error(`${error.message}\n--- last service output ---\n${lines.slice(-40).join("\n")}`, {
          cause: error,
        });
      });
      expect([...new Set(creationTrace.map((span) => span.resource["service.name"]))]).toEqual(
        expect.arrayContaining(["link-api", "auth-server"]),
      );
      for (const span of [...creationTrace, ...ingests]) {
        expect(span.resource["service.namespace"]).toBe("kurz");
        expect(span.resource["service.version"]).toBe("0.0.0");
        // The same marker as in one process, so one query serves both modes.
        expect(span.attributes["kurz.service"]).toBe(span.resource["service.name"]);
      }
      const names = new Set(receiver.spans().map((span) => String(span.resource["service.name"])));
      expect([...names].filter((name) => name.startsWith("unknown_service"))).toEqual([]);
    }, 240_000);
  },
);
