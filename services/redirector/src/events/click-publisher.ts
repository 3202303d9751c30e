import { AppError } from "@kurz/errors";
import { type EnvelopeHeader, type EventProducer, eventTopics } from "@kurz/events";
import type { Logger } from "@kurz/logger";
import { context, propagation, trace } from "@opentelemetry/api";
import { CLICK_EVENT_TYPE, type ClickEvent, encodeClickEnvelope } from "./encode-click-event";

export interface ClickPublisher {
  /**
   * Hands the click over; it is encoded and given to the batching producer with the other clicks
   * of this event-loop turn, after their redirects were written. Never throws, never waits.
   */
  publish(click: ClickEvent): void;
  /** Encodes and enqueues what publish() holds now (shutdown calls it before closing the producer). */
  flush(): void;
  /** Clicks refused because the producer buffer was full (the broker is down or too slow). */
  dropped(): number;
}

/**
 * Click events go through the bounded producer (docs/architecture.md#click-events): while the
 * broker is unreachable they wait in memory up to the buffer limit; beyond it a click is dropped
 * rather than slowing redirects (the producer logs `events.buffer_full`). Messages look exactly
 * like `encodeEvent`'s (envelope value, event id / type headers, trace context), only encoded
 * faster.
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
  // Clicks of the current event-loop turn, encoded together once the turn's redirects are written:
  // the encoder then runs as a tight loop, which on a busy redirector costs a fraction of
  // interleaving it with every request's HTTP work (the bench's in-process bisection).
  let pendingClicks: ClickEvent[] = [];
  let pendingHeaders: Array<Record<string, string>> = [];
  let scheduled = false;

  function flush(): void {
    scheduled = false;
    const clicks = pendingClicks;
    const headers = pendingHeaders;
    pendingClicks = [];
    pendingHeaders = [];
    for (let i = 0; i < clicks.length; i++) {
      const click = clicks[i] as ClickEvent;
      try {
        // enqueue: no promise per click; a full buffer throws BUFFER_FULL into onError.
        producer.enqueue(eventTopics.click, {
          key: click.linkId,
          value: encodeClickEnvelope(click, source),
          headers: headers[i] as Record<string, string>,
        });
      } catch (error) {
        onError(error);
      }
    }
  }

  return {
    publish(click) {
      // Literal keys (a fixed object shape, cheaper than computed ones), checked against EnvelopeHeader.
      const headers: Record<string, string> = {
        "event-id": click.clickId,
        "event-type": CLICK_EVENT_TYPE,
      } satisfies Record<(typeof EnvelopeHeader)[keyof typeof EnvelopeHeader], string>;
      // Trace context only when a span is active (the redirect is traced), taken now, while the
      // request's context is the active one.
      const active = context.active();
      if (trace.getSpan(active) !== undefined) propagation.inject(active, headers);
      pendingClicks.push(click);
      pendingHeaders.push(headers);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    flush,
    dropped: () => dropped,
  };
}
