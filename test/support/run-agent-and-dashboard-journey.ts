import {
  createMcpKey,
  openDashboardSession,
  setPlanAsOperator,
  signInWithOAuth,
  waitFor,
} from "@kurz/testing";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { expect } from "vitest";

const SCOPE =
  "shorturl:read shorturl:create shorturl:update shorturl:delete analytics:read account:read account:write";

export interface AgentJourneyOptions {
  edgeUrl: string;
  shortHost: string;
  dataDir: string;
  authServerGrpcAddress: string;
  adminSecret?: string;
}

/**
 * The two other ways in, across whatever processes serve them: an AI agent over MCP (the SDK's
 * Streamable HTTP client with an API key) creates a link, sees its visits and deletes it; the same
 * person's dashboard (its session in the cache, tokens server-side) lists the link through the
 * relay and signs out.
 */
export async function runAgentAndDashboardJourney(options: AgentJourneyOptions): Promise<void> {
  const { edgeUrl, shortHost } = options;
  const person = await signInWithOAuth(edgeUrl, SCOPE, {
    afterSignUp: (email) =>
      setPlanAsOperator({
        dataDir: options.dataDir,
        authServerGrpcAddress: options.authServerGrpcAddress,
        email,
        plan: "pro",
        ...(options.adminSecret ? { adminSecret: options.adminSecret } : {}),
      }),
  });
  const key = await createMcpKey(edgeUrl, person.accessToken, [
    "mcp",
    "shorturl:read",
    "shorturl:create",
    "shorturl:delete",
    "analytics:read",
  ]);
  const client = new Client({ name: "journey-agent", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${edgeUrl}/mcp`), {
      requestInit: { headers: { "x-mcp-key": key } },
    }),
  );
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = await client.callTool({ name, arguments: args });
    expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
    // biome-ignore lint/suspicious/noExplicitAny: structured results under test
    return result.structuredContent as Record<string, any>;
  };
  const alias = `agent-${Date.now().toString(36)}`;
  const visit = () =>
    fetch(`${edgeUrl}/${alias}`, {
      redirect: "manual",
      headers: { host: shortHost, "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/127.0" },
    });
  try {
    // The key's permissions decide the tools it is shown.
    const tools = (await client.listTools()).tools.map((tool) => tool.name);
    expect(tools).toEqual(expect.arrayContaining(["shortenUrl", "getStats", "deleteUrl"]));
    expect(tools).not.toContain("createCampaign");
    await call("shortenUrl", { url: "https://example.com/from-an-agent", customAlias: alias });
    for (let i = 0; i < 2; i++) expect((await visit()).status).toBe(301);
    // Every poll is an MCP request: at most 30 a minute, so the Pro plan's 60 are never spent
    // however long the clicks take to reach analytics (across processes, over Kafka).
    await waitFor(async () => (await call("getStats", { shortUrlId: alias })).counts.clicks, {
      until: (clicks) => clicks === 2,
      what: "the agent link's two clicks to be counted",
      timeoutMs: 60_000,
      intervalMs: 2_000,
    });

    // The same person in the dashboard sees the agent's link through the relay.
    const dashboard = await openDashboardSession(person.browser);
    const listed = await fetch(`${edgeUrl}/app/api/v1/urls?search=${alias}`, {
      headers: { cookie: dashboard.cookie },
    });
    expect(listed.status).toBe(200);
    expect(JSON.stringify(await listed.json())).toContain(alias);

    await call("deleteUrl", { shortCode: alias });
    // The redirector forgets it when the deletion event reaches it (another process, over Kafka).
    await waitFor(async () => (await visit()).status, {
      until: (status) => status === 404,
      what: "the deleted link to answer 404",
    });
    const signedOut = await fetch(`${edgeUrl}/app/auth/logout`, {
      method: "POST",
      headers: { cookie: dashboard.cookie, "x-csrf-token": dashboard.csrfToken },
    });
    expect(signedOut.status).toBe(204);
    const after = await fetch(`${edgeUrl}/app/session`, { headers: { cookie: dashboard.cookie } });
    expect(await after.json()).toMatchObject({ signedIn: false });
  } finally {
    await client.close();
  }
}
