import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabaseAdminOperations } from "../src/admin/admin-operations";
import { runAdminCommand } from "../src/admin/run-admin-command";
import { accounts, outboxMessages, workspaces } from "../src/db/schema";
import { createWorkspace } from "../src/workspaces/create-workspace";
import { Browser } from "./support/browser";
import { startTestAuthServer, type TestAuthServer } from "./support/start-test-auth-server";

let server: TestAuthServer;

beforeAll(async () => {
  server = await startTestAuthServer();
  await new Browser(server.url).signUp("admin-target@example.com", "a long enough password");
});

afterAll(async () => {
  await server?.stop();
});

async function run(...args: string[]): Promise<{ code: number; output: string }> {
  const lines: string[] = [];
  const code = await runAdminCommand(args, {
    out: (line) => lines.push(line),
    connect: async () =>
      createDatabaseAdminOperations({
        db: server.server.ctx.db,
        clock: server.server.ctx.clock,
        rotateSigningKey: (immediately) => server.server.ctx.signingKeys.rotate({ immediately }),
      }),
  });
  return { code, output: lines.join("\n") };
}

describe("the admin command", () => {
  it("moves an account to another plan and queues account.plan_changed with the change", async () => {
    const result = await run("set-plan", "Admin-Target@example.com", "business");
    expect(result).toEqual({ code: 0, output: expect.stringContaining("plan free → business") });
    const [workspace] = await server.server.ctx.db
      .select({ plan: workspaces.plan })
      .from(accounts)
      .innerJoin(workspaces, eq(workspaces.id, accounts.id))
      .where(eq(accounts.email, "admin-target@example.com"));
    expect(workspace?.plan).toBe("business");
    const queued = await server.server.ctx.db.select().from(outboxMessages);
    expect(queued.some((row) => row.headers["event-type"] === "account.plan_changed")).toBe(true);
    expect((await run("set-plan", "admin-target@example.com", "business")).output).toContain(
      "already on the business plan",
    );
  });

  it("moves a workspace named by its id, such as one a person created", async () => {
    const [owner] = await server.server.ctx.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.email, "admin-target@example.com"));
    const agency = await createWorkspace(server.server.ctx, owner?.id ?? "", "Agency", {
      type: "person",
      id: owner?.id ?? "",
      surface: "rest",
    });
    const result = await run("set-plan", agency.id, "enterprise");
    expect(result.output).toContain("admin-target@example.com: plan free → enterprise");
    const [workspace] = await server.server.ctx.db
      .select({ plan: workspaces.plan })
      .from(workspaces)
      .where(eq(workspaces.id, agency.id));
    expect(workspace?.plan).toBe("enterprise");
    await expect(run("set-plan", "00000000-0000-4000-8000-000000000000", "pro")).rejects.toThrow(
      /No workspace/,
    );
  });

  it("refuses unknown plans and unknown accounts", async () => {
    await expect(run("set-plan", "admin-target@example.com", "platinum")).rejects.toThrow(
      /Unknown plan "platinum"/,
    );
    await expect(run("set-plan", "ghost@example.com", "pro")).rejects.toThrow(/No account with email/);
  });

  it("prints usage for unknown commands and wrong arguments", async () => {
    expect((await run("destroy-everything")).code).toBe(2);
    expect((await run("set-plan", "only-email@example.com")).output).toContain("Usage:");
  });

  it("shows an account and the plan table, and rotates the signing key", async () => {
    expect((await run("show-account", "admin-target@example.com")).output).toMatch(/plan=business/);
    expect((await run("plans")).output.split("\n")).toHaveLength(4);
    expect((await run("rotate-signing-key", "--now")).output).toMatch(
      /^signing key \S+ published; signs from /,
    );
  });
});
