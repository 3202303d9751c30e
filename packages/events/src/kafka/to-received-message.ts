import type { KafkaMessage } from "kafkajs";
import type { ReceivedMessage } from "../event-message";

function headerText(value: Buffer | string | (Buffer | string)[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? undefined : first.toString();
}

/** kafkajs' message as the bus hands it to handlers; the value is a view, not a copy. */
export function toReceivedMessage(
  topic: string,
  partition: number,
  message: KafkaMessage,
): Omit<ReceivedMessage, "attempt"> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(message.headers ?? {})) {
    const text = headerText(value);
    if (text !== undefined) headers[name] = text;
  }
  const value = message.value ?? Buffer.alloc(0);
  return {
    key: message.key?.toString() ?? "",
    value: new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
    headers,
    topic,
    partition,
    offset: Number(message.offset),
  };
}
