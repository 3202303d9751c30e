import { fileURLToPath } from "node:url";
import type { EventBus, ReceivedMessage } from "@kurz/events";
import type { DatabaseConnection } from "@kurz/relational";
import { enqueueOutboxMessages } from "../src";
import * as schema from "./fixtures/schema";

export const migrationsFolder = fileURLToPath(new URL("./fixtures/migrations", import.meta.url));

export type TestConnection = DatabaseConnection<typeof schema>;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Writes a note and its announcement in one transaction, as a service writes a change and its event. */
export async function writeNote(
  connection: TestConnection,
  topic: string,
  key: string,
  body: string,
  options: { rollback?: boolean } = {},
): Promise<void> {
  await connection.db
    .transaction(async (tx) => {
      await tx.insert(schema.notes).values({ body });
      await enqueueOutboxMessages(tx, [
        { topic, key, value: encoder.encode(body), headers: { "x-test": "1" } },
      ]);
      if (options.rollback) throw new Error("rolled back on purpose");
    })
    .catch((error: unknown) => {
      if (!options.rollback) throw error;
    });
}

export interface Received {
  key: string;
  text: string;
  headers: Record<string, string>;
}

/** Starts a consumer group that records every message it receives. */
export async function record(bus: EventBus, topic: string, groupId: string): Promise<Received[]> {
  const received: Received[] = [];
  await bus.consume({
    groupId,
    topics: [topic],
    handler: async (message: ReceivedMessage) => {
      received.push({ key: message.key, text: decoder.decode(message.value), headers: message.headers });
    },
  });
  return received;
}
