import type { FastifyInstance } from "fastify";
import { countWaitingDeadLetters } from "../events/dead-letters";
import type { WebhookContext } from "../webhook-context";

/**
 * GET /metrics, Prometheus text format: dead letters waiting for a replay (all replicas: read from
 * the database), and those this process stored and replayed since it started. Served on the
 * service port only (the edge does not route /metrics here).
 */
export function registerMetricsRoute(app: FastifyInstance, ctx: WebhookContext): void {
  app.get("/metrics", async (_request, reply) => {
    const waiting = await countWaitingDeadLetters(ctx.db);
    const stats = ctx.deadLetterStats ?? { stored: 0, replayed: 0 };
    const lines = [
      "# HELP kurz_webhook_dead_letters_waiting Internal events that could not become webhooks, waiting for a replay.",
      "# TYPE kurz_webhook_dead_letters_waiting gauge",
      `kurz_webhook_dead_letters_waiting ${waiting}`,
      "# HELP kurz_webhook_dead_letters_total Internal events this process dead-lettered (cannot be decoded or validated).",
      "# TYPE kurz_webhook_dead_letters_total counter",
      `kurz_webhook_dead_letters_total ${stats.stored}`,
      "# HELP kurz_webhook_dead_letters_replayed_total Dead letters this process replayed successfully.",
      "# TYPE kurz_webhook_dead_letters_replayed_total counter",
      `kurz_webhook_dead_letters_replayed_total ${stats.replayed}`,
    ];
    return reply.type("text/plain; version=0.0.4; charset=utf-8").send(`${lines.join("\n")}\n`);
  });
}

/**
 * The /readyz entry for dead letters: reported, never critical (the service works on); fails with
 * the count while any wait, so the health document shows them.
 */
export function deadLetterReadiness(ctx: Pick<WebhookContext, "db">) {
  return {
    name: "dead-letters",
    critical: false,
    check: async () => {
      const waiting = await countWaitingDeadLetters(ctx.db);
      if (waiting > 0) {
        throw new Error(
          `${waiting} dead-lettered event${waiting === 1 ? "" : "s"} waiting: pnpm --filter @kurz/webhook-dispatcher admin dead-letters`,
        );
      }
    },
  };
}
