import { AppError } from "@kurz/errors";
import { type EnvelopeHeader, type EventProducer, eventTopics } from "@kurz/events";
import type { Logger } from "@kurz/logger";
import { context, propagation, trace } from "@opentelemetry/api";
import { CLICK_EVENT_TYPE, type ClickEvent, encodeClickEnvelope } from "./encode-click-event";

export interface ClickPublisher {
  /** Hands the click to the batching producer; never throws and never waits for the broker. */
  publish(click: ClickEvent): void;
  /** Clicks refused because the producer buffer was full (the broker is down or too slow). */
  dropped(): number;
}

/**
 * Click events go through the bounded producer (DESIGN §6): while the broker is unreachable they
 * wait in memory up to the buffer limit; beyond it a click is dropped rather than slowing
 * redirects (the producer logs `events.buffer_full`). Messages look exactly like `encodeEvent`'s
 * (envelope value, event id / type headers, trace context), only encoded faster.
 */
export function createClickPublisher(
  producer: EventProducer,
  source: string,
  logger: Logger,
): ClickPublisher {
  let dropped = 0;
  const onError = (error: unknown) => {
    if (error instanceof AppError && error.code === "BUFFER_FULL") {
      dropped++;
      return;
    }
    logger.error({ event: "click.publish_failed", err: error }, "click event not published");
  };
  return {
    publish(click) {
      try {
        // Literal keys (a fixed object shape, cheaper than computed ones), checked against EnvelopeHeader.
        const headers: Record<string, string> = {
          "event-id": click.clickId,
          "event-type": CLICK_EVENT_TYPE,
        } satisfies Record<(typeof EnvelopeHeader)[keyof typeof EnvelopeHeader], string>;
        // Trace context only when a span is active (the redirect is traced): nothing to carry otherwise.
        const active = context.active();
        if (trace.getSpan(active) !== undefined) propagation.inject(active, headers);
        // enqueue: no promise per click; a full buffer throws BUFFER_FULL into onError.
        producer.enqueue(eventTopics.click, {
          key: click.linkId,
          value: encodeClickEnvelope(click, source),
          headers,
        });
      } catch (error) {
        onError(error);
      }
    },
    dropped: () => dropped,
  };
}
