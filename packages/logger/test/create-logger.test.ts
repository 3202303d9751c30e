import { Writable } from "node:stream";
import { context, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { describe, expect, it } from "vitest";
import { createLogger } from "../src";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { lines, logger: createLogger({ service: "link-api", destination }) };
}

describe("createLogger", () => {
  it("writes JSON lines with the service name, level label and an event name", () => {
    const { lines, logger } = capture();
    logger.info({ event: "link.created", linkId: "l-1" }, "created");
    expect(lines[0]).toMatchObject({
      level: "info",
      service: "link-api",
      event: "link.created",
      linkId: "l-1",
      msg: "created",
    });
    expect(typeof lines[0]?.time).toBe("string");
  });

  it("redacts secrets wherever they appear", () => {
    const { lines, logger } = capture();
    logger.info({
      event: "test",
      password: "hunter2",
      body: { client_secret: "s3cret", refresh_token: "rt" },
      req: { headers: { authorization: "Bearer abc", cookie: "sid=1", "x-mcp-key": "kurz_key" } },
    });
    const text = JSON.stringify(lines[0]);
    for (const secret of ["hunter2", "s3cret", '"rt"', "Bearer abc", "sid=1", "kurz_key"]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain("[redacted]");
  });

  it("adds the trace and span ids of the active span", () => {
    const manager = new AsyncLocalStorageContextManager().enable();
    context.setGlobalContextManager(manager);
    try {
      const { lines, logger } = capture();
      const spanContext = {
        traceId: "0af7651916cd43dd8448eb211c80319c",
        spanId: "b7ad6b7169203331",
        traceFlags: 1,
      };
      context.with(trace.setSpan(context.active(), trace.wrapSpanContext(spanContext)), () => {
        logger.info({ event: "traced" });
      });
      logger.info({ event: "untraced" });
      expect(lines[0]).toMatchObject({ trace_id: spanContext.traceId, span_id: spanContext.spanId });
      expect(lines[1]).not.toHaveProperty("trace_id");
    } finally {
      context.disable();
    }
  });
});
