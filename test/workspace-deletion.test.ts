import { type SignedInUser, signInWithOAuth, waitFor } from "@kurz/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FlowKurz, startFlowKurz } from "./support/start-flow-kurz";

const SCOPE =
  "shorturl:read shorturl:create qrcode:create campaign:write domain:write account:read account:write";

/**
 * Deleting a workspace through the real services: an owner deletes one they created, and its
 * links stop redirecting once link-api has taken in `account.deleted` and the edge has dropped
 * them; nobody acts in it any more; a person's own workspace and other people's cannot be
 * deleted.
 */
describe("deleting a workspace (embedded)", () => {
  let flow: FlowKurz;
  let owner: SignedInUser;

  beforeAll(async () => {
    flow = await startFlowKurz("workspace-deletion");
    owner = await signInWithOAuth(flow.edgeUrl, SCOPE);
  });

  afterAll(async () => {
    await flow?.stop();
  });

  const call = async (
    person: SignedInUser,
    method: string,
    path: string,
    body?: unknown,
    workspace?: string,
  ) => {
    const response = await fetch(`${flow.edgeUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${person.accessToken}`,
        ...(workspace ? { "kurz-workspace": workspace } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
  };

  it("deletes what the workspace held on every service, and only an owner may, never a person's own", async () => {
    const created = await call(owner, "POST", "/api/v1/workspaces", { name: "Short-lived" });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const workspace = (created.body.workspace as { id: string }).id;
    const link = await call(owner, "POST", "/api/v1/urls", { url: "https://example.com/doomed" }, workspace);
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    const code = (link.body.url as { id: string }).id;
    expect((await call(owner, "POST", "/api/v1/campaigns", { name: "Doomed" }, workspace)).status).toBe(201);
    expect((await fetch(`${flow.edgeUrl}/${code}`, { redirect: "manual" })).status).toBe(301);

    // Someone else, and the owner's own sign-up workspace, are refused.
    const stranger = await signInWithOAuth(flow.edgeUrl, SCOPE);
    const refused = await call(stranger, "DELETE", `/api/v1/workspaces/${workspace}`);
    expect(refused.status).toBe(403);
    const own = ((await call(owner, "GET", "/api/v1/account")).body.account as { id: string }).id;
    const ownRefused = await call(owner, "DELETE", `/api/v1/workspaces/${own}`);
    expect(ownRefused.status).toBe(409);
    expect(ownRefused.body.code).toBe("INVALID_STATE");

    const deleted = await call(owner, "DELETE", `/api/v1/workspaces/${workspace}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);

    // Nobody acts in it any more, on any service, from the next request on.
    const read = await call(owner, "GET", "/api/v1/urls", undefined, workspace);
    expect(read.status).toBe(403);
    const listed = (await call(owner, "GET", "/api/v1/workspaces")).body.workspaces as { id: string }[];
    expect(listed.map((entry) => entry.id)).not.toContain(workspace);
    // A workspace that is gone answers like one the person is not in (no enumeration).
    expect((await call(owner, "DELETE", `/api/v1/workspaces/${workspace}`)).status).toBe(403);

    // Its links stop redirecting once link-api took the event in and the edge dropped them.
    await waitFor(async () => (await fetch(`${flow.edgeUrl}/${code}`, { redirect: "manual" })).status, {
      until: (status) => status === 404,
      what: `/${code} to stop redirecting after the deletion`,
    });
    // The owner's own workspace is untouched.
    expect((await call(owner, "GET", "/api/v1/urls")).status).toBe(200);
  });
});
