import { type logCreator, logLevel } from "kafkajs";
import type { EventLogger } from "../event-logger";

/**
 * Routes kafkajs' own log lines into the bus logger under one event name. kafkajs reports
 * connection errors it then retries at ERROR; they land as warnings so an outage the bus rides
 * out does not page anyone, while the bus' own events (`events.send_failed`, ...) say what matters.
 */
export function kafkajsLogCreator(logger: EventLogger): logCreator {
  return () =>
    ({ namespace, level, log }) => {
      const { message, timestamp: _timestamp, logger: _logger, ...fields } = log;
      const entry = { event: "events.kafkajs", namespace, ...fields };
      if (level === logLevel.ERROR || level === logLevel.WARN) logger.warn(entry, message);
      else logger.debug(entry, message);
    };
}
