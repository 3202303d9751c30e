import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SCOPE_NAMES } from "@kurz/auth-verifier";
import { startEmbedded } from "@kurz/embedded";
import { freePort, localEdgeEnv, setPlanAsOperator, signInWithOAuth } from "@kurz/testing";

export interface ConformanceTarget {
  /** The edge as a local client reaches it: `http://localhost:<port>`. */
  edgeUrl: string;
  edgePort: number;
  /** An API key of a Business account with "mcp" and every scope the plan grants. */
  mcpKey: string;
  stop(): Promise<void>;
}

/** The Business plan grants every scope (services/auth-server/src/plans/plans.ts). */
const PERMISSIONS = ["mcp", ...SCOPE_NAMES];

async function createKey(edgeUrl: string, accessToken: string): Promise<string> {
  const response = await fetch(`${edgeUrl}/api/v1/api-keys`, {
    method: "POST",
    headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json" },
    body: JSON.stringify({ name: "MCP conformance", permissions: PERMISSIONS }),
  });
  const body = (await response.json()) as { api_key?: { key?: string } };
  const key = body.api_key?.key;
  if (response.status !== 201 || key === undefined) {
    throw new Error(
      `POST /api/v1/api-keys answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`,
    );
  }
  return key;
}

/**
 * All of Kurz embedded as a user runs it (its own temp data directory, a free edge port, default
 * settings), with a new account moved to the Business plan by the operator's admin command before
 * consent, and an MCP key holding every permission made through the REST API as the dashboard
 * does.
 */
export async function startConformanceTarget(): Promise<ConformanceTarget> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "kurz-mcp-conformance-"));
  const port = await freePort();
  const edgeUrl = `http://localhost:${port}`;
  const kurz = await startEmbedded({
    ports: "ephemeral",
    env: {
      ...process.env,
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
      DATA_DIR: dataDir,
      ...localEdgeEnv(port),
    },
  });
  const stop = async () => {
    await kurz.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const user = await signInWithOAuth(edgeUrl, SCOPE_NAMES.join(" "), {
      afterSignUp: (email) =>
        setPlanAsOperator({
          dataDir,
          authServerGrpcAddress: kurz.services["auth-server"].grpcAddress,
          email,
          plan: "business",
        }),
    });
    const mcpKey = await createKey(edgeUrl, user.accessToken);
    return { edgeUrl, edgePort: port, mcpKey, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
