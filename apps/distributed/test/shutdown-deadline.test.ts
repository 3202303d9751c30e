import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SHUTDOWN_DEADLINE_EXIT_CODE } from "@kurz/service-runtime";
import {
  bundleArgs,
  createTestDatabase,
  freePort,
  isolatedRedisEnv,
  postgresBackend,
  redisBackend,
  startTcpFaultProxy,
  type TcpFaultProxy,
  type TestDatabase,
  waitFor,
} from "@kurz/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type NodeProcess, spawnNodeProcess } from "../src/spawn-node-process";

const [postgres, redis] = await Promise.all([postgresBackend(), redisBackend()]);

describe.skipIf(!postgres.available || !redis.available)("shutdown with a hung dependency", () => {
  let database: TestDatabase;
  let databasePath: TcpFaultProxy;
  let redisPath: TcpFaultProxy;
  let dataDir: string;

  beforeAll(async () => {
    if (!postgres.available || !redis.available) throw new Error("unreachable");
    database = await createTestDatabase(postgres.value.adminUrl, "auth_server");
    const databaseUrl = new URL(database.url);
    databasePath = await startTcpFaultProxy({ host: databaseUrl.hostname, port: Number(databaseUrl.port) });
    const redisUrl = new URL(redis.value.url);
    redisPath = await startTcpFaultProxy({ host: redisUrl.hostname, port: Number(redisUrl.port) });
    dataDir = mkdtempSync(path.join(tmpdir(), "kurz-shutdown-"));
  });

  afterAll(async () => {
    await databasePath?.stop();
    await redisPath?.stop();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("exits at the overall deadline, non-zero, with a log line naming what did not stop", async () => {
    const databaseUrl = new URL(database.url);
    databaseUrl.host = databasePath.address;
    const redisUrl = new URL(redis.available ? redis.value.url : "redis://unreachable");
    redisUrl.host = redisPath.address;
    const httpPort = await freePort();
    const lines: string[] = [];
    const service: NodeProcess = spawnNodeProcess(
      "auth-server",
      bundleArgs("services/auth-server"),
      {
        ...process.env,
        LOG_LEVEL: "info",
        DATA_DIR: dataDir,
        HTTP_PORT: String(httpPort),
        GRPC_PORT: String(await freePort()),
        PUBLIC_BASE_URL: `http://127.0.0.1:${httpPort}`,
        DATABASE_URL: databaseUrl.toString(),
        ...isolatedRedisEnv(redisUrl.toString()),
        KEY_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
        // Each step alone may take 10 s; three hung clients in series used to take ~40 s.
        SHUTDOWN_TIMEOUT_MS: "10000",
        SHUTDOWN_DEADLINE_MS: "2000",
      },
      (line) => lines.push(line),
    );
    try {
      const exited = new AbortController();
      service.child.once("exit", (code) =>
        exited.abort(new Error(`auth-server exited ${code}:\n${lines.slice(-20).join("\n")}`)),
      );
      await waitFor(async () => (await fetch(`http://127.0.0.1:${httpPort}/readyz`)).status, {
        until: (status) => status === 200,
        what: "auth-server to be ready",
        intervalMs: 200,
        signal: exited.signal,
      });

      databasePath.stall();
      redisPath.stall();
      const code = await service.stop(30_000);
      expect(code, lines.slice(-20).join("\n")).toBe(SHUTDOWN_DEADLINE_EXIT_CODE);
      const report = lines.find((line) => line.includes('"event":"service.shutdown_deadline_exceeded"'));
      expect(report, lines.slice(-20).join("\n")).toBeDefined();
      expect(report).toMatch(/still stopping: auth-server\/(consumers|producers|clients):[\w:-]+/);
    } finally {
      if (service.child.exitCode === null) service.child.kill("SIGKILL");
    }
  });
});
