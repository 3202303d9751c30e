import {
  type Attributes,
  type Context,
  context,
  isSpanContextValid,
  type Link,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from "@opentelemetry/api";
import { EnvelopeHeader } from "./envelope";
import type { ReceivedMessage } from "./event-message";

const tracer = trace.getTracer("@kurz/events");

type Delivered = Omit<ReceivedMessage, "attempt">;

/** The context a message was published in (trace context headers, see encodeEvent), if any. */
function producerContext(message: Delivered): Context | undefined {
  const extracted = propagation.extract(ROOT_CONTEXT, message.headers);
  const spanContext = trace.getSpanContext(extracted);
  return spanContext && isSpanContextValid(spanContext) ? extracted : undefined;
}

function messageAttributes(message: Delivered): Attributes {
  const id = message.headers[EnvelopeHeader.id];
  return {
    ...(id ? { "messaging.message.id": id } : {}),
    "messaging.kafka.offset": message.offset,
  };
}

function consumerAttributes(groupId: string, first: Delivered, attempt: number): Attributes {
  return {
    "messaging.operation.type": "process",
    "messaging.operation.name": "process",
    "messaging.destination.name": first.topic,
    "messaging.destination.partition.id": String(first.partition),
    "messaging.consumer.group.name": groupId,
    "kurz.events.attempt": attempt,
  };
}

async function runInSpan(span: Span, parent: Context, run: () => Promise<void>): Promise<void> {
  try {
    await context.with(trace.setSpan(parent, span), run);
  } catch (error) {
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({
      code: SpanStatusCode.ERROR,
      message: error instanceof Error ? error.message : undefined,
    });
    throw error;
  } finally {
    span.end();
  }
}

/**
 * Runs one attempt at a batch in a `process <topic>` span. A batch belongs to no single trace:
 * the span starts a trace of its own and links to each message's producer context (the redirect
 * that published a click, say), as OpenTelemetry's messaging conventions prescribe. The SDK keeps
 * at most OTEL_SPAN_LINK_COUNT_LIMIT links (128 by default) per span.
 */
export function processBatchInSpan(
  groupId: string,
  messages: readonly Delivered[],
  attempt: number,
  run: () => Promise<void>,
): Promise<void> {
  const first = messages[0];
  if (!first) return run();
  const links: Link[] = [];
  for (const message of messages) {
    const producer = producerContext(message);
    const spanContext = producer && trace.getSpanContext(producer);
    if (spanContext) links.push({ context: spanContext, attributes: messageAttributes(message) });
  }
  const span = tracer.startSpan(
    `process ${first.topic}`,
    {
      kind: SpanKind.CONSUMER,
      root: true,
      links,
      attributes: {
        ...consumerAttributes(groupId, first, attempt),
        "messaging.batch.message_count": messages.length,
      },
    },
    ROOT_CONTEXT,
  );
  return runInSpan(span, ROOT_CONTEXT, run);
}

/**
 * Runs one attempt at one message in a `process <topic>` span, a child of the context the message
 * was published in: the consumer's work joins the producer's trace.
 */
export function processMessageInSpan(
  groupId: string,
  message: Delivered,
  attempt: number,
  run: () => Promise<void>,
): Promise<void> {
  const parent = producerContext(message) ?? ROOT_CONTEXT;
  const span = tracer.startSpan(
    `process ${message.topic}`,
    {
      kind: SpanKind.CONSUMER,
      attributes: { ...consumerAttributes(groupId, message, attempt), ...messageAttributes(message) },
    },
    parent,
  );
  return runInSpan(span, parent, run);
}
