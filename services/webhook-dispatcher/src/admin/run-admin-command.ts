import { listWaitingDeadLetters, type replayDeadLetters } from "../events/dead-letters";
import type { WebhookPayloadDeps } from "../payloads/webhook-payload-deps";

/** What the commands work on: the dispatcher's database and the consumer's interpretation. */
export interface AdminSession {
  ctx: Parameters<typeof replayDeadLetters>[0];
  deps: WebhookPayloadDeps;
  replay: typeof replayDeadLetters;
  close(): Promise<void>;
}

export const ADMIN_USAGE = `usage: pnpm --filter @kurz/webhook-dispatcher admin <command>
  dead-letters                   list the internal events that could not become webhooks
  dead-letters replay [<id>...]  hand them (or those ids) to the consumer again: those that now
                                 map are queued and marked replayed, the others keep waiting`;

/**
 * The operator's commands (src/admin/main.ts opens the session). Answers the exit code: 0 done,
 * 1 some dead letters still fail, 2 usage.
 */
export async function runAdminCommand(
  argv: readonly string[],
  io: { out(line: string): void; open(): Promise<AdminSession> },
): Promise<number> {
  const [command, action, ...ids] = argv;
  if (command !== "dead-letters" || (action !== undefined && action !== "list" && action !== "replay")) {
    io.out(ADMIN_USAGE);
    return 2;
  }
  const session = await io.open();
  try {
    if (action === "replay") {
      const result = await session.replay(session.ctx, session.deps, ids.length > 0 ? ids : undefined);
      for (const id of result.replayed) io.out(`replayed ${id}`);
      for (const failing of result.stillFailing) io.out(`still failing ${failing.id}: ${failing.error}`);
      io.out(`${result.replayed.length} replayed, ${result.stillFailing.length} still failing`);
      return result.stillFailing.length > 0 ? 1 : 0;
    }
    const rows = await listWaitingDeadLetters(session.ctx.db);
    io.out(`${rows.length} dead letter${rows.length === 1 ? "" : "s"} waiting`);
    for (const row of rows) {
      io.out(
        [
          row.id,
          row.failedAt.toISOString(),
          `${row.topic}[${row.partition}]@${row.offset}`,
          row.eventType ?? "(no envelope)",
          row.eventId ?? "-",
          row.error,
        ].join("  "),
      );
    }
    return 0;
  } finally {
    await session.close();
  }
}
