import { execFile } from "node:child_process";
import { promisify } from "node:util";

/** The admin command's bundle (built before any test, like every bundle): what an operator runs. */
const ADMIN = new URL("../../../services/auth-server/dist/admin.mjs", import.meta.url).pathname;

/**
 * The operator's admin command (`set-plan <email> <plan>`) against a running auth-server, as an
 * operator runs it: a separate process reading the admin secret from the data directory. Tests
 * move a new account to a plan the free one cannot stand in for (A/B tests, webhooks, higher
 * limits).
 */
export async function setPlanAsOperator(options: {
  dataDir: string;
  authServerGrpcAddress: string;
  email: string;
  plan: "free" | "pro" | "business" | "enterprise";
  /** The server's ADMIN_SECRET (distributed mode); embedded servers keep theirs in the data directory. */
  adminSecret?: string;
}): Promise<void> {
  await promisify(execFile)(
    process.execPath,
    ["--enable-source-maps", ADMIN, "set-plan", options.email, options.plan],
    {
      // A hang guard only: the command starts in about a second.
      timeout: 120_000,
      env: {
        PATH: process.env.PATH ?? "",
        DATA_DIR: options.dataDir,
        HOST: "127.0.0.1",
        GRPC_PORT: options.authServerGrpcAddress.split(":").pop() ?? "",
        ...(options.adminSecret === undefined ? {} : { ADMIN_SECRET: options.adminSecret }),
      },
    },
  );
}
