import { createMcpKey, openDashboardSession, type SignedInUser, waitFor } from "@kurz/testing";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { expect } from "vitest";

/** Every scope the journey's changes need, and the audit log's. */
export const AUDIT_JOURNEY_SCOPE = [
  "shorturl:read",
  "shorturl:create",
  "shorturl:update",
  "shorturl:delete",
  "qrcode:create",
  "campaign:write",
  "domain:write",
  "abtest:write",
  "webhook:write",
  "account:read",
  "account:write",
].join(" ");

export interface AuditLogJourneyOptions {
  edgeUrl: string;
  /** A person on the Business plan signed in with AUDIT_JOURNEY_SCOPE. */
  owner: SignedInUser;
  /** An https or allowed URL a webhook endpoint may point at. */
  webhookUrl: string;
}

interface Entry {
  id: string;
  action: string;
  surface: string;
  actor: { type: string; id: string | null };
  target: { type: string; id: string };
  changes: Record<string, { before: unknown; after: unknown }>;
}

/** What the journey expects of one entry: the change and who made it through what. */
type Expected = Pick<Entry, "action" | "surface"> & { actor: string; target: string };

/**
 * One change of each kind through each surface a person or agent uses — REST (links, a QR
 * code, a campaign, a subdomain, an A/B test, a webhook), the dashboard's relay, MCP with an API
 * key, and an import — each recorded by the service that made it, in the change's transaction,
 * carried through its outbox to auth-server: the workspace's audit log then holds exactly one
 * entry per change, naming its actor and surface, with the fields before → after and no secret.
 */
export async function runAuditLogJourney(options: AuditLogJourneyOptions): Promise<void> {
  const { edgeUrl, owner } = options;
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${edgeUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${owner.accessToken}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    expect(response.status, `${method} ${path}: ${text.slice(0, 300)}`).toBeLessThan(300);
    return json as Record<string, unknown>;
  };
  const person = ((await api("GET", "/api/v1/account")).account as { id: string }).id;
  const expected: Expected[] = [];
  const expect_ = (action: string, target: string, surface: string, actor = person) =>
    expected.push({ action, target, surface, actor });

  // REST, with the person's OAuth token.
  const link = (await api("POST", "/api/v1/urls", { url: "https://example.com/audited" })).url as {
    id: string;
    linkId: string;
  };
  expect_("link.created", link.linkId, "rest");
  await api("PATCH", `/api/v1/urls/${link.id}`, { name: "Renamed", tags: ["audit"] });
  expect_("link.updated", link.linkId, "rest");
  await api("DELETE", `/api/v1/urls/${link.id}`);
  expect_("link.deleted", link.linkId, "rest");
  const qr = (
    await api("POST", "/api/v1/qr-codes", { type: "url", content: "https://example.com/qr", dynamic: true })
  ).qrCode as { id: string };
  expect_("qr.created", qr.id, "rest");
  const campaign = (await api("POST", "/api/v1/campaigns", { name: "Audited campaign" })).campaign as {
    id: string;
  };
  expect_("campaign.created", campaign.id, "rest");
  const subdomain = (
    await api("POST", "/api/v1/domains/subdomains", { subdomain: `audit${person.slice(0, 6)}` })
  ).subdomain as { id: string };
  expect_("subdomain.created", subdomain.id, "rest");
  const test = (
    await api("POST", "/api/v1/ab-tests", {
      name: "Audited test",
      variants: [{ destination_url: "https://a.example/" }, { destination_url: "https://b.example/" }],
    })
  ).test as { id: string };
  expect_("abtest.created", test.id, "rest");
  const webhook = (
    await api("POST", "/api/v1/webhooks", { url: options.webhookUrl, event_types: ["link.created"] })
  ).webhook as { id: string };
  expect_("webhook.created", webhook.id, "rest");

  // The dashboard's relay: the same person through the first-party client.
  const session = await openDashboardSession(owner.browser);
  const relayed = await fetch(`${edgeUrl}/app/api/v1/urls`, {
    method: "POST",
    headers: {
      cookie: session.cookie,
      "x-csrf-token": session.csrfToken,
      "content-type": "application/json",
    },
    body: JSON.stringify({ url: "https://example.com/from-dashboard" }),
  });
  expect(relayed.status, await relayed.clone().text()).toBe(201);
  expect_("link.created", ((await relayed.json()) as { url: { linkId: string } }).url.linkId, "dashboard");

  // MCP, with an API key: the key is the actor.
  const key = await createMcpKey(edgeUrl, owner.accessToken, [
    "mcp",
    "shorturl:create",
    "shorturl:read",
    "account:write",
  ]);
  const keys = (await api("GET", "/api/v1/api-keys")).api_keys as { id: string; name: string }[];
  const keyId = keys.find((candidate) => candidate.name === "agent 4")?.id ?? "";
  const agent = new Client({ name: "audit-journey", version: "1.0.0" });
  await agent.connect(
    new StreamableHTTPClientTransport(new URL(`${edgeUrl}/mcp`), {
      requestInit: { headers: { "x-mcp-key": key } },
    }),
  );
  try {
    const shortened = await agent.callTool({
      name: "shortenUrl",
      arguments: { url: "https://example.com/agent" },
    });
    expect(shortened.isError, JSON.stringify(shortened.content)).toBeFalsy();
    const code = (shortened.structuredContent as { url: { id: string } }).url.id;
    const made = (await api("GET", `/api/v1/urls/${code}`)).url as { linkId: string };
    expect_("link.created", made.linkId, "mcp", keyId);
    // A change auth-server makes for the agent (over its WorkspaceService) is recorded there.
    const invited = await agent.callTool({
      name: "inviteMember",
      arguments: { email: "newcomer@example.com", role: "viewer" },
    });
    expect(invited.isError, JSON.stringify(invited.content)).toBeFalsy();
    const invitation = (invited.structuredContent as { invitation: { id: string } }).invitation;
    expect_("invitation.created", invitation.id, "mcp", keyId);
  } finally {
    await agent.close();
  }

  // An import: started through REST, its links made by the person through the import.
  const form = new FormData();
  form.set(
    "file",
    new Blob(["url,alias\nhttps://example.com/i1,\nhttps://example.com/i2,\n"], { type: "text/csv" }),
    "links.csv",
  );
  const started = await fetch(`${edgeUrl}/api/v1/imports`, {
    method: "POST",
    headers: { authorization: `Bearer ${owner.accessToken}` },
    body: form,
  });
  expect(started.status, await started.clone().text()).toBe(202);
  const importId = ((await started.json()) as { import: { id: string } }).import.id;
  expect_("import.started", importId, "rest");
  await waitFor(async () => (await api("GET", `/api/v1/imports/${importId}`)).import as { status: string }, {
    until: (state) => state.status === "completed",
    what: "the import to complete",
  });
  const imported = (await api("GET", "/api/v1/urls?search=example.com%2Fi")).urls as { linkId: string }[];
  expect(imported).toHaveLength(2);
  for (const row of imported) expect_("link.created", row.linkId, "import");

  // The log: exactly one entry per change (auth-server's own entries — the workspace, its plan,
  // the API key — are not this journey's).
  const mine = (entries: Entry[]) =>
    entries.filter((entry) => !/^(workspace|plan|api_key)\./.test(entry.action));
  const entries = await waitFor(
    async () => mine(((await api("GET", "/api/v1/audit-log?limit=100")).entries ?? []) as Entry[]),
    { until: (seen) => seen.length >= expected.length, what: `${expected.length} audit entries` },
  );
  const seen = entries.map((entry) => ({
    action: entry.action,
    target: entry.target.id,
    surface: entry.surface,
    actor: entry.actor.id ?? "",
  }));
  const order = (list: Expected[]) =>
    [...list].sort((a, b) => `${a.action}${a.target}`.localeCompare(`${b.action}${b.target}`));
  expect(order(seen)).toEqual(order(expected));

  const updated = entries.find((entry) => entry.action === "link.updated");
  expect(updated?.changes).toEqual({
    name: { before: "", after: "Renamed" },
    tags: { before: [], after: ["audit"] },
  });
  const hook = entries.find((entry) => entry.action === "webhook.created");
  expect(JSON.stringify(hook?.changes)).not.toMatch(/secret/i);
  expect(entries.find((entry) => entry.surface === "mcp")?.actor.type).toBe("api_key");
}
