// A process as a service runs it (started with the telemetry preload): one span before any
// service is entered, one inside runAsService. It then ends by itself, flushing on beforeExit.
import { runAsService } from "@kurz/telemetry/service-scope";
import { trace } from "@opentelemetry/api";

const tracer = trace.getTracer("fixture-service");
tracer.startSpan("outside any service").end();
await runAsService("link-api", async () => {
  // fixed-delay: the service's work crosses a timer, and its span must still name the service
  await new Promise((resolve) => setTimeout(resolve, 5));
  tracer.startSpan("inside link-api").end();
});
