import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from "@kurz/testing/otlp-receiver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serviceIdentity } from "../src";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const fixture = fileURLToPath(new URL("./fixture-service/src/main.ts", import.meta.url));

let receiver: OtlpReceiver;
beforeAll(async () => {
  receiver = await startOtlpReceiver();
});
afterAll(() => receiver?.stop());

/** Runs the fixture as `make start` runs a service: tsx, then the telemetry preload. */
async function runFixture(env: Record<string, string>): Promise<ReceivedSpan[]> {
  const run = crypto.randomUUID();
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "--import", "@kurz/telemetry/register", fixture],
    {
      cwd: root,
      env: {
        ...process.env,
        ...receiver.env,
        ...env,
        OTEL_RESOURCE_ATTRIBUTES: [`test.run=${run}`, env.OTEL_RESOURCE_ATTRIBUTES].filter(Boolean).join(","),
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const [code] = await once(child, "exit");
  expect(code, output).toBe(0);
  return receiver.spans().filter((span) => span.resource["test.run"] === run);
}

describe("a process started with the telemetry preload", () => {
  it("names itself after its package: service.name, service.version, service.namespace = kurz", async () => {
    const spans = await runFixture({});
    expect(spans.map((span) => span.name).sort()).toEqual(["inside link-api", "outside any service"]);
    for (const span of spans) {
      expect(span.resource).toMatchObject({
        "service.name": "fixture-service",
        "service.version": "1.2.3",
        "service.namespace": "kurz",
      });
    }
  });

  it("lets OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES override what it derives", async () => {
    const spans = await runFixture({
      OTEL_SERVICE_NAME: "renamed",
      OTEL_RESOURCE_ATTRIBUTES: "service.version=9.9.9,service.namespace=elsewhere",
    });
    expect(spans.length).toBeGreaterThan(0);
    for (const span of spans) {
      expect(span.resource).toMatchObject({
        "service.name": "renamed",
        "service.version": "9.9.9",
        "service.namespace": "elsewhere",
      });
    }
  });

  it("marks the spans of what runs as a service with kurz.service, and no others", async () => {
    const spans = await runFixture({});
    const byName = new Map(spans.map((span) => [span.name, span]));
    expect(byName.get("inside link-api")?.attributes["kurz.service"]).toBe("link-api");
    expect(byName.get("outside any service")?.attributes).not.toHaveProperty("kurz.service");
  });
});

describe("serviceIdentity", () => {
  it("is the package nearest to the entry file, without its scope; none without a package", () => {
    expect(serviceIdentity(`${root}services/link-api/src/main.ts`)).toEqual({
      name: "link-api",
      version: "0.0.0",
    });
    expect(serviceIdentity(fixture)).toEqual({ name: "fixture-service", version: "1.2.3" });
    expect(serviceIdentity("/nowhere/main.js")).toBeUndefined();
  });
});
