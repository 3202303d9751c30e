import { AppError } from "@kurz/errors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookEndpoints } from "../src/db/schema";
import { recoverWebhookDeliveries } from "../src/deliveries/recover-webhook-deliveries";
import { createWebhook } from "../src/endpoints/create-webhook";
import { updateWebhook } from "../src/endpoints/update-webhook";
import { createWebhookInputSchema } from "../src/endpoints/webhook-input-schemas";
import { startDispatcherContext } from "./support/start-dispatcher-context";

type Context = Awaited<ReturnType<typeof startDispatcherContext>>;
let t: Context;

beforeAll(async () => {
  t = await startDispatcherContext();
});
afterAll(async () => {
  await t.close();
});

const input = (url: string, account = "acct-rules") => ({
  account,
  body: createWebhookInputSchema.parse({ url, event_types: ["link.created"] }),
});

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "none";
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
}

describe("webhook endpoint rules", () => {
  it("refuses a plan without webhooks with PLAN_REQUIRED and creates nothing", async () => {
    t.setAllowance({ planId: "pro", included: false, limit: 0 });
    const { account, body } = input("http://127.0.0.1:9/hooks", "acct-pro");
    expect(await codeOf(createWebhook(t.ctx, account, body))).toBe("PLAN_REQUIRED");
    t.setAllowance({ planId: "business", included: true, limit: 10 });
    expect(await t.ctx.db.select().from(webhookEndpoints)).toHaveLength(0);
  });

  it("refuses private, loopback, metadata and non-https URLs at create time with VALIDATION_ERROR", async () => {
    for (const url of [
      "https://10.0.0.1/hooks",
      "https://169.254.169.254/latest/meta-data",
      "https://[::ffff:10.0.0.1]/",
      "https://2130706434/",
      "https://0x7f.2/",
      "https://0.0.0.0/",
      "https://metadata.google.internal/computeMetadata/v1/",
      "ftp://example.com/hooks",
      "https://user:pass@example.com/hooks",
    ]) {
      const { account, body } = input(url);
      expect(await codeOf(createWebhook(t.ctx, account, body)), url).toBe("VALIDATION_ERROR");
    }
    expect(await t.ctx.db.select().from(webhookEndpoints)).toHaveLength(0);
  });

  it("refuses an unknown event type and webhook.test as a subscription", () => {
    expect(
      createWebhookInputSchema.safeParse({ url: "https://example.com", event_types: ["link.exploded"] })
        .success,
    ).toBe(false);
    expect(
      createWebhookInputSchema.safeParse({ url: "https://example.com", event_types: ["webhook.test"] })
        .success,
    ).toBe(false);
    expect(createWebhookInputSchema.safeParse({ url: "https://example.com", event_types: [] }).success).toBe(
      false,
    );
  });

  it("refuses an endpoint beyond the plan's allowance with QUOTA_EXCEEDED", async () => {
    t.setAllowance({ planId: "business", included: true, limit: 2 });
    const account = "acct-quota";
    for (let i = 0; i < 2; i++) {
      await createWebhook(t.ctx, account, input(`http://127.0.0.1:9/hooks/${i}`).body);
    }
    expect(await codeOf(createWebhook(t.ctx, account, input("http://127.0.0.1:9/hooks/3").body))).toBe(
      "QUOTA_EXCEEDED",
    );
    t.setAllowance({ planId: "business", included: true, limit: 10 });
  });

  it("checks a changed URL like a new one and leaves the endpoint as it was when refused", async () => {
    const account = "acct-update";
    const { endpoint } = await createWebhook(t.ctx, account, input("http://127.0.0.1:9/hooks").body);
    expect(await codeOf(updateWebhook(t.ctx, account, endpoint.id, { url: "https://192.168.1.1/" }))).toBe(
      "VALIDATION_ERROR",
    );
    const rows = await t.ctx.db.select().from(webhookEndpoints);
    expect(rows.find((row) => row.id === endpoint.id)?.url).toBe("http://127.0.0.1:9/hooks");
  });

  it("finds no endpoint of another account", async () => {
    const { endpoint } = await createWebhook(t.ctx, "acct-a", input("http://127.0.0.1:9/a").body);
    expect(await codeOf(updateWebhook(t.ctx, "acct-b", endpoint.id, { description: "mine" }))).toBe(
      "NOT_FOUND",
    );
  });
});

describe("recovering failed deliveries", () => {
  it("answers VALIDATION_ERROR, not a database error, for a since the database cannot hold (year 0)", async () => {
    const account = "acct-recover";
    const { endpoint } = await createWebhook(t.ctx, account, input("http://127.0.0.1:9/recover").body);
    for (const since of ["0000-01-01T00:00:00Z", "-000001-01-01T00:00:00Z", "1969-12-31T23:59:59Z"]) {
      expect(
        await codeOf(recoverWebhookDeliveries(t.ctx, account, endpoint.id, new Date(since))),
        since,
      ).toBe("VALIDATION_ERROR");
    }
    expect(
      await recoverWebhookDeliveries(t.ctx, account, endpoint.id, new Date("1970-01-01T00:00:00Z")),
    ).toBe(0);
  });
});
