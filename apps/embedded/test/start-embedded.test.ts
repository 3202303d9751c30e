import { existsSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { SERVICE_NAMES } from "@kurz/routes";
import { checkGrpcHealth } from "@kurz/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningKurz, startEmbedded } from "../src";

function portOf(address: string): number {
  return Number(address.slice(address.lastIndexOf(":") + 1));
}

function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

describe("embedded mode", () => {
  let dataDir: string;
  let kurz: RunningKurz;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "kurz-embedded-"));
    kurz = await startEmbedded({ env: { DATA_DIR: dataDir, LOG_LEVEL: "warn" }, ports: "ephemeral" });
  });

  afterAll(async () => {
    await kurz?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("shows every service ready through the edge", async () => {
    const response = await fetch(`${kurz.url}/.kurz/health`);
    const body = (await response.json()) as { status: string; services: Record<string, { status: string }> };
    expect(response.status).toBe(200);
    expect(body.status).toBe("ready");
    expect(Object.keys(body.services).sort()).toEqual([...SERVICE_NAMES].sort());
  });

  it("answers each service's readiness, with its dependency checks, at /.kurz/health/<service>", async () => {
    for (const service of SERVICE_NAMES) {
      const response = await fetch(`${kurz.url}/.kurz/health/${service}`);
      const body = (await response.json()) as { service: string; checks: Record<string, { ok: boolean }> };
      expect(response.status, service).toBe(200);
      expect(body.service).toBe(service);
      for (const [name, check] of Object.entries(body.checks))
        expect(check.ok, `${service} ${name}`).toBe(true);
    }
    const redirector = (await (await fetch(`${kurz.url}/.kurz/health/redirector`)).json()) as {
      checks: Record<string, unknown>;
    };
    expect(Object.keys(redirector.checks)).toEqual(
      expect.arrayContaining(["cache:memory", "events:memory", "grpc:link-api"]),
    );
  });

  it("serves grpc.health.v1 on every service's own gRPC port", async () => {
    for (const service of SERVICE_NAMES) {
      expect(await checkGrpcHealth(kurz.services[service].grpcAddress), service).toBe("SERVING");
    }
  });

  it("routes an unknown public path to the redirector and an unknown service health to a 404", async () => {
    const unknown = await fetch(`${kurz.url}/.kurz/health/nope`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ success: false, code: "NOT_FOUND" });
  });

  it("sends a newcomer opening the edge's URL to the dashboard", async () => {
    const root = await fetch(`${kurz.url}/`, { redirect: "manual" });
    expect(root.status).toBe(302);
    expect(root.headers.get("location")).toBe("/app/");
    // The dashboard, which asks a newcomer to sign in first.
    const dashboard = await fetch(new URL("/app/", kurz.url), { redirect: "manual" });
    expect(dashboard.status).toBe(302);
    expect(dashboard.headers.get("location")).toMatch(/^\/app\/auth\/login\?return_to=/);
  });

  it("keeps its data in one directory and starts again on it after a stop", async () => {
    for (const service of ["auth-server", "link-api", "abtest-engine", "webhook-dispatcher"]) {
      expect(existsSync(path.join(dataDir, service, "pg", "PG_VERSION")), service).toBe(true);
    }
    expect(existsSync(path.join(dataDir, "analytics-ingest", "chdb"))).toBe(true);
    await kurz.stop();
    kurz = await startEmbedded({ env: { DATA_DIR: dataDir, LOG_LEVEL: "warn" }, ports: "ephemeral" });
    expect((await fetch(`${kurz.url}/.kurz/health`)).status).toBe(200);
  });

  it("closes every port on stop", async () => {
    const ports = [
      portOf(kurz.url),
      ...SERVICE_NAMES.flatMap((s) => [
        portOf(kurz.services[s].httpUrl),
        portOf(kurz.services[s].grpcAddress),
      ]),
    ];
    await kurz.stop();
    for (const port of ports) expect(await isListening(port), `port ${port}`).toBe(false);
  });
});
