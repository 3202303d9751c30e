import type { Metadata } from "@grpc/grpc-js";
import {
  type Context,
  context,
  propagation,
  type TextMapGetter,
  type TextMapSetter,
} from "@opentelemetry/api";

const setter: TextMapSetter<Metadata> = {
  set: (metadata, key, value) => metadata.set(key, value),
};

const getter: TextMapGetter<Metadata> = {
  keys: (metadata) => Object.keys(metadata.getMap()),
  get: (metadata, key) => {
    const values = metadata.get(key).filter((value): value is string => typeof value === "string");
    return values.length === 0 ? undefined : values.length === 1 ? values[0] : values;
  },
};

/**
 * Writes the active trace context (W3C `traceparent`, ...) into outgoing metadata. A no-op until
 * the process registers a propagator (the telemetry preload does), so it costs nothing in tests.
 */
export function injectTraceContext(metadata: Metadata, from: Context = context.active()): void {
  propagation.inject(from, metadata, setter);
}

/** The trace context carried by incoming metadata, layered over the active context. */
export function extractTraceContext(metadata: Metadata): Context {
  return propagation.extract(context.active(), metadata, getter);
}
