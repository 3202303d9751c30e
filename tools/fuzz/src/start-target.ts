import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startEmbedded } from "@kurz/embedded";
import {
  freePort,
  localEdgeEnv,
  openDashboardSession,
  setPlanAsOperator,
  signInWithOAuth,
} from "@kurz/testing";
import type { FuzzTarget } from "./fuzz-target";
import { openMcpSession } from "./open-mcp-session";

/** Every scope of the REST routes: the fuzz reaches every route. */
const SCOPE = [
  "shorturl:read shorturl:create shorturl:update shorturl:delete",
  "qrcode:read qrcode:create qrcode:update qrcode:delete",
  "analytics:read campaign:read campaign:write domain:read domain:write",
  "conversion:write account:read account:write abtest:read abtest:write webhook:read webhook:write",
].join(" ");

async function created(
  base: string,
  token: string,
  route: string,
  body: unknown,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${base}${route}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (response.status !== 201 && response.status !== 200) {
    throw new Error(`seeding ${route} answered ${response.status}: ${JSON.stringify(json).slice(0, 300)}`);
  }
  return json;
}

/**
 * A fresh embedded Kurz (its own temp data directory, a free port, the edge with default
 * settings), a signed-up account with a real token, and a few real resources.
 */
export async function startTarget(): Promise<{ target: FuzzTarget; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "kurz-fuzz-"));
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const shortHost = `localhost:${port}`;
  const kurz = await startEmbedded({
    ports: "ephemeral",
    env: {
      ...process.env,
      LOG_LEVEL: "fatal",
      DATA_DIR: dataDir,
      ...localEdgeEnv(port),
      // The fuzz sends thousands of requests a minute: the limits are not what is under test.
      REST_REQUESTS_PER_MINUTE: "1000000",
      REST_REQUESTS_PER_MINUTE_PER_IP: "1000000",
      LOGIN_FAILURES_PER_IP: "1000000",
      PASSWORD_ATTEMPTS_BURST: "1000000",
      PASSWORD_ATTEMPTS_PER_MINUTE: "1000000",
      // A conversion for an unknown click waits this long for the click to arrive (3 s by
      // default): the race it covers is not under test, and cases would be timed out.
      CONVERSION_CLICK_WAIT_MS: "100",
      // The plan change below is seen at once.
      PLAN_CACHE_TTL_MS: "200",
    },
  });
  try {
    // On the Enterprise plan (12 000 REST requests a minute, no quotas) before consent, so rate
    // limits and plan quotas do not stand between the cases and the handlers, and the token may
    // carry every scope (abtest:* is not the free plan's).
    const user = await signInWithOAuth(base, SCOPE, {
      afterSignUp: (email) =>
        setPlanAsOperator({
          dataDir,
          authServerGrpcAddress: kurz.services["auth-server"].grpcAddress,
          email,
          plan: "enterprise",
        }),
    });
    const token = user.accessToken;
    await new Promise((resolve) => setTimeout(resolve, 500));
    const link = (
      await created(base, token, "/api/v1/urls", {
        url: "https://example.com/fuzz-seed",
        password: "open sesame",
      })
    ).url as Record<string, string>;
    const campaign = (await created(base, token, "/api/v1/campaigns", { name: "Fuzz seed" }))
      .campaign as Record<string, string>;
    const qr = (
      await created(base, token, "/api/v1/qr-codes/generate", { type: "text", content: "fuzz seed" })
    ).qr_code as Record<string, string> | undefined;
    const key = await created(base, token, "/api/v1/api-keys", {
      name: "Fuzz seed",
      permissions: ["shorturl:read"],
    });
    const apiKey = (key.api_key ?? key.apiKey ?? key.key ?? {}) as Record<string, string>;
    const abTest = (
      await created(base, token, "/api/v1/ab-tests", {
        name: "Fuzz seed",
        short_code: "fuzz-ab-seed",
        variants: [
          { destination_url: "https://example.com/a" },
          { destination_url: "https://example.com/b" },
        ],
      })
    ).test as Record<string, string> | undefined;
    const account = (await (
      await fetch(`${base}/api/v1/account`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { account?: { id?: string } };
    const workspaceId = account.account?.id ?? "";
    const invitation = (
      await created(base, token, `/api/v1/workspaces/${workspaceId}/invitations`, {
        email: "fuzz-invitee@example.com",
        role: "viewer",
      })
    ).invitation as Record<string, string> | undefined;
    const mcp = await openMcpSession(base, token, SCOPE.split(" "));
    const dashboard = await openDashboardSession(user.browser);
    return {
      target: {
        mcp,
        dashboard,
        base,
        port,
        shortHost,
        accessToken: token,
        seeds: {
          linkCode: link.id ?? "",
          linkId: link.linkId ?? "",
          campaignId: campaign?.id ?? "",
          qrId: qr?.id ?? "",
          apiKeyId: apiKey.id ?? "",
          abTestId: abTest?.id ?? "",
          clientId: user.clientId,
          workspaceId,
          invitationId: invitation?.id ?? "",
          invitationPath: invitation?.accept_url ? new URL(invitation.accept_url).pathname : "",
        },
      },
      stop: async () => {
        await kurz.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await kurz.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
