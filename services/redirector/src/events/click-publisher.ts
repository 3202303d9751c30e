import { AppError } from "@kurz/errors";
import { EnvelopeHeader, type EventProducer, eventTopics } from "@kurz/events";
import type { Logger } from "@kurz/logger";
import { context, propagation } from "@opentelemetry/api";
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
        const headers: Record<string, string> = {
          [EnvelopeHeader.id]: click.clickId,
          [EnvelopeHeader.type]: CLICK_EVENT_TYPE,
        };
        propagation.inject(context.active(), headers);
        producer
          .send(eventTopics.click, { key: click.linkId, value: encodeClickEnvelope(click, source), headers })
          .catch(onError);
      } catch (error) {
        onError(error);
      }
    },
    dropped: () => dropped,
  };
}
