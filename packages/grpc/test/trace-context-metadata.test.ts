import { Metadata } from "@grpc/grpc-js";
import { createContextKey, propagation, ROOT_CONTEXT } from "@opentelemetry/api";
import { afterAll, describe, expect, it } from "vitest";
import { extractTraceContext, injectTraceContext } from "../src/index";

// A stand-in for the W3C propagator the telemetry preload registers: it carries one context value
// in one header, which is all the metadata getter/setter must get right.
const traceKey = createContextKey("test-trace");
propagation.setGlobalPropagator({
  inject(context, carrier, setter) {
    const value = context.getValue(traceKey);
    if (typeof value === "string") setter.set(carrier, "traceparent", value);
  },
  extract(context, carrier, getter) {
    const value = getter.get(carrier, "traceparent");
    return typeof value === "string" ? context.setValue(traceKey, value) : context;
  },
  fields: () => ["traceparent"],
});

describe("trace context in gRPC metadata", () => {
  afterAll(() => propagation.disable());

  it("round-trips through metadata with the registered propagator", () => {
    const metadata = new Metadata();
    const traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

    injectTraceContext(metadata, ROOT_CONTEXT.setValue(traceKey, traceparent));

    expect(metadata.get("traceparent")).toEqual([traceparent]);
    expect(extractTraceContext(metadata).getValue(traceKey)).toBe(traceparent);
  });

  it("leaves metadata without trace headers alone", () => {
    expect(extractTraceContext(new Metadata()).getValue(traceKey)).toBeUndefined();
  });
});
