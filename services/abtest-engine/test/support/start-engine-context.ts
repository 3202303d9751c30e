import { fileURLToPath } from "node:url";
import { fromBinary } from "@bufbuild/protobuf";
import { TestClock } from "@kurz/clock";
import { AppError } from "@kurz/errors";
import { createLogger } from "@kurz/logger";
import { eventsV1 } from "@kurz/proto";
import { createDatabase } from "@kurz/relational";
import { asc, eq } from "drizzle-orm";
import type { AbtestContext } from "../../src/abtest-context";
import type { VariantCounts } from "../../src/analytics/variant-stats-source";
import type { AbtestDatabase } from "../../src/db/abtest-database";
import * as schema from "../../src/db/schema";
import type { AbRoutingVariant, TestedLink } from "../../src/links/link-directory";
import type { AbTestAllowance } from "../../src/plans/ab-test-allowance";

const MIGRATIONS = fileURLToPath(new URL("../../drizzle", import.meta.url));

export interface RoutingCall {
  accountId: string;
  linkId: string;
  testId: string;
  variants: AbRoutingVariant[];
  destinationUrl: string | undefined;
}

/**
 * abtest-engine's operations against a real embedded PostgreSQL with its migrations, the
 * neighbouring services stood in for at abtest-engine's own ports: link-api (LinkDirectory: links
 * kept in a map, every routing call recorded), analytics-ingest (VariantStatsSource: counts a test
 * sets per test id) and auth-server's plan (an allowance a test sets). Service-level rules and
 * time windows are tested here; the real services together in test/abtest-flow.test.ts.
 */
export async function startEngineContext() {
  const connection = await createDatabase({ schema });
  await connection.migrate(MIGRATIONS);
  const clock = new TestClock();
  const links = new Map<string, TestedLink & { accountId: string }>();
  // What link-api routes on each link (link id → test id and variant ids; absent: unsplit).
  const routed = new Map<string, { testId: string; variantIds: string[] }>();
  // link-api's failure a test sets: down (nothing applied) or the answer lost after applying.
  let linkApiFailure: "down" | "answer_lost" | "refused" | undefined;
  let rotatorsCreated = 0;
  const routing: RoutingCall[] = [];
  const counts = new Map<string, (variantIds: string[]) => VariantCounts[]>();
  let allowance: AbTestAllowance = { planId: "pro", limit: "unlimited" };
  let seq = 0;

  function addLink(
    accountId: string,
    url: string,
    code?: string,
    tracking: Partial<Pick<TestedLink, "trackingEnabled" | "conversionTracking">> = {},
  ): TestedLink & { accountId: string } {
    seq++;
    const id = `00000000-0000-4000-8000-${String(seq).padStart(12, "0")}`;
    const c = code ?? `l${seq}`;
    const link = {
      accountId,
      id,
      host: "kurz.test",
      code: c,
      shortUrl: `https://kurz.test/${c}`,
      destinationUrl: url,
      originalUrl: url,
      trackingEnabled: tracking.trackingEnabled ?? true,
      conversionTracking: tracking.conversionTracking ?? true,
    };
    links.set(id, link);
    return link;
  }

  const ctx: AbtestContext = {
    db: connection.db as unknown as AbtestDatabase,
    links: {
      async findLink(accountId, reference) {
        const found = [...links.values()].find(
          (link) => link.accountId === accountId && (link.id === reference || link.code === reference),
        );
        if (!found) throw new AppError("URL_NOT_FOUND", { message: "Link not found" });
        return found;
      },
      async createRotatorLink(accountId, input) {
        rotatorsCreated++;
        return addLink(accountId, input.url, input.alias);
      },
      async setRouting(accountId, linkId, r) {
        if (linkApiFailure === "down") {
          throw new AppError("DEPENDENCY_UNAVAILABLE", { message: "link-api is unavailable" });
        }
        if (linkApiFailure === "refused" && r.testId !== "") {
          throw new AppError("VALIDATION_ERROR", { message: "Destination not allowed" });
        }
        routing.push({
          accountId,
          linkId,
          testId: r.testId,
          variants: r.variants,
          destinationUrl: r.destinationUrl,
        });
        const link = links.get(linkId);
        if (!link || link.accountId !== accountId)
          throw new AppError("URL_NOT_FOUND", { message: "Link not found" });
        if (r.destinationUrl !== undefined) link.destinationUrl = link.originalUrl = r.destinationUrl;
        if (r.testId === "") routed.delete(linkId);
        else routed.set(linkId, { testId: r.testId, variantIds: r.variants.map((v) => v.variantId) });
        if (linkApiFailure === "answer_lost") {
          throw new AppError("DEPENDENCY_UNAVAILABLE", { message: "deadline exceeded" });
        }
        return link;
      },
      close() {},
    },
    variantStats: {
      async countVariants({ testId }) {
        const variants = await connection.db
          .select()
          .from(schema.abVariants)
          .where(eq(schema.abVariants.testId, testId))
          .orderBy(asc(schema.abVariants.position));
        return (counts.get(testId) ?? (() => []))(variants.map((variant) => variant.id));
      },
      close() {},
    },
    allowances: async () => allowance,
    logger: createLogger({ service: "abtest-engine-test", level: "silent" }),
    clock,
    sequentialTuning: 5000,
    eventsWritten() {},
  };

  return {
    ctx,
    clock,
    routing,
    counts,
    addLink,
    setAllowance(next: AbTestAllowance) {
      allowance = next;
    },
    /** The test routed on a link at link-api ("" when the link is unsplit). */
    routedTestOf(linkId: string): string {
      return routed.get(linkId)?.testId ?? "";
    },
    /**
     * Makes link-api fail every SetAbRouting from now on: down (nothing applied), answer_lost
     * (applied, then the answer lost), refused (a routing refused for good); undefined: answers.
     */
    failLinkApi(failure: "down" | "answer_lost" | "refused" | undefined) {
      linkApiFailure = failure;
    },
    rotatorsCreated: () => rotatorsCreated,
    /** The event types in the outbox, oldest first. */
    async eventTypes(): Promise<string[]> {
      const rows = await connection.db
        .select()
        .from(schema.outboxMessages)
        .orderBy(asc(schema.outboxMessages.id));
      return rows.map((row) => fromBinary(eventsV1.EventEnvelopeSchema, row.value).type);
    },
    close: () => connection.close(),
  };
}

export type EngineContext = Awaited<ReturnType<typeof startEngineContext>>;

export function arm(variantId: string, visitors: number, conversions: number): VariantCounts {
  return { variantId, visitors, exposures: visitors, conversions, timeline: [] };
}
