import type { tracing } from "@opentelemetry/sdk-node";
import { currentService, SERVICE_ATTRIBUTE } from "./service-scope";

/** Marks each span, when it starts, with the service running it (runAsService). */
export class MarkServiceProcessor implements tracing.SpanProcessor {
  onStart(span: tracing.Span): void {
    const service = currentService();
    if (service !== undefined) span.setAttribute(SERVICE_ATTRIBUTE, service);
  }

  onEnd(): void {}

  forceFlush(): Promise<void> {
    return Promise.resolve();
  }

  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}
