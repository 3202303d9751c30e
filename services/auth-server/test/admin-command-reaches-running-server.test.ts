import { execFile } from "node:child_process";
import { mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { createGrpcClient } from "@kurz/grpc";
import { authV1 } from "@kurz/proto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_SECRET_METADATA_KEY, adminSecretFile } from "../src/admin/admin-secret";
import { SERVICE_NAME } from "../src/config";
import { Browser } from "./support/browser";
import { startTestAuthServer, type TestAuthServer } from "./support/start-test-auth-server";

const SERVICE_DIR = fileURLToPath(new URL("..", import.meta.url));
/** How long one run of the command may take before it counts as hung. */
const COMMAND_BOUND_MS = 240_000;
const EMAIL = "operator-target@example.com";

let dataDir: string;
let server: TestAuthServer | undefined;
let browser: Browser;

/** The real admin command (`pnpm --filter @kurz/auth-server admin ...`), as an operator runs it. */
async function admin(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const grpcPort = server ? server.grpcAddress.split(":").pop() : "1";
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ["--enable-source-maps", "dist/admin.mjs", ...args],
      {
        cwd: SERVICE_DIR,
        // A hang guard only: a run took 25 s (through the server) to 50 s (opening PGlite and
        // migrating) on a loaded two-core machine, where the 60 s this was killed the command.
        timeout: COMMAND_BOUND_MS,
        // Port 1 on loopback: nothing listens there once the server is stopped.
        env: {
          PATH: process.env.PATH ?? "",
          DATA_DIR: dataDir,
          HOST: "127.0.0.1",
          GRPC_PORT: grpcPort,
          ...env,
        },
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}

async function planShownOnAccountPage(): Promise<string | undefined> {
  const page = await browser.get("/account");
  return /<span class="plan">([^<]+)<\/span>/.exec(page.body)?.[1];
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "kurz-admin-test-"));
  // Embedded: PGlite under dataDir, the admin secret generated beside it.
  server = await startTestAuthServer({ DATA_DIR: dataDir });
  browser = new Browser(server.url);
  await browser.signUp(EMAIL, "a long enough password");
});

afterAll(async () => {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

// Each case starts the real command as a process, twice (tsx compiles it first): slow on a busy
// machine, so a case's bound is two runs' hang guards.
describe("the admin command while auth-server runs on PGlite", { timeout: 2 * COMMAND_BOUND_MS }, () => {
  it("keeps the generated admin secret readable by its owner only", async () => {
    const file = adminSecretFile({ DATA_DIR: dataDir }, SERVICE_NAME);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it("sets the plan through the running server, which shows the new plan at once", async () => {
    expect(await planShownOnAccountPage()).toBe("Free");
    const result = await admin(["set-plan", EMAIL, "pro"]);
    expect(result.stdout).toContain("auth-server is running");
    expect(result.stdout).toContain("plan free → pro");
    expect(result.code).toBe(0);
    expect(await planShownOnAccountPage()).toBe("Pro");
    expect((await admin(["show-account", EMAIL])).stdout).toMatch(/plan=pro/);
  });

  it("is refused with a wrong or missing admin secret (UNAUTHENTICATED), and changes nothing", async () => {
    const wrong = await admin(["set-plan", EMAIL, "business"], {
      ADMIN_SECRET: "not-the-admin-secret-at-all",
    });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain("AUTHENTICATION_REQUIRED");

    const address = server?.grpcAddress ?? "";
    const attempts: Array<Record<string, string>> = [{}, { [ADMIN_SECRET_METADATA_KEY]: "wrong" }];
    for (const metadata of attempts) {
      const client = createGrpcClient(authV1.AdminService, address, { metadata, retry: { maxAttempts: 1 } });
      try {
        await expect(client.setAccountPlan({ email: EMAIL, planId: "business" })).rejects.toMatchObject({
          code: "AUTHENTICATION_REQUIRED",
          grpcStatus: 16,
        });
      } finally {
        client.close();
      }
    }
    expect(await planShownOnAccountPage()).toBe("Pro");
  });
});

describe("the admin command when auth-server is not running", { timeout: 2 * COMMAND_BOUND_MS }, () => {
  beforeAll(async () => {
    await server?.stop();
    server = undefined;
  });

  it("falls back to the database, saying so", async () => {
    const result = await admin(["set-plan", EMAIL, "business"]);
    expect(result.stdout).toContain("auth-server is not running");
    expect(result.stdout).toContain("plan pro → business");
    expect(result.code).toBe(0);
    expect((await admin(["show-account", EMAIL])).stdout).toMatch(/plan=business/);
  });
});
