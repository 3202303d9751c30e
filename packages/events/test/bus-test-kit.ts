import { randomUUID } from "node:crypto";
import type { EventLogger, EventMessage, ReceivedMessage } from "../src";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function textMessage(key: string, text: string, headers: Record<string, string> = {}): EventMessage {
  return { key, value: encoder.encode(text), headers };
}

export function textOf(message: ReceivedMessage): string {
  return decoder.decode(message.value);
}

/** A topic name no other test (or earlier run against a shared cluster) uses. */
export function uniqueTopic(label: string): string {
  return `test.${label}.${randomUUID().slice(0, 8)}`;
}

export function uniqueGroup(label: string): string {
  return `group-${label}-${randomUUID().slice(0, 8)}`;
}

export function capturingLogger(): { logger: EventLogger; events: Array<Record<string, unknown>> } {
  const events: Array<Record<string, unknown>> = [];
  const record = (fields: Record<string, unknown>) => {
    events.push(fields);
  };
  return { logger: { debug: record, info: record, warn: record, error: record }, events };
}

/** Counts how often each text was seen. */
export function countTexts(texts: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const text of texts) counts.set(text, (counts.get(text) ?? 0) + 1);
  return counts;
}
