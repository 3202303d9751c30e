import type { ChannelOptions, ServerOptions } from "@grpc/grpc-js";
import { keepCallContext } from "./keep-call-context";

/**
 * Messages above this are refused on both sides. Kurz's RPCs carry single entities and pages; a
 * bigger message is a bug or an attack, and an unbounded one could exhaust memory.
 */
export const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

/** Client channel defaults, tuned for service-to-service calls inside one cluster. */
export const defaultClientChannelOptions: ChannelOptions = {
  "grpc.max_receive_message_length": MAX_MESSAGE_BYTES,
  "grpc.max_send_message_length": MAX_MESSAGE_BYTES,
  // Ping an idle connection every 30 s, give up after 10 s without an answer: a peer that vanished
  // (pod killed, node lost) is noticed before the next call hangs on a dead socket.
  "grpc.keepalive_time_ms": 30_000,
  "grpc.keepalive_timeout_ms": 10_000,
  "grpc.keepalive_permit_without_calls": 1,
  // Pods restart in seconds; grpc's defaults (1 s growing to 120 s) reconnect far too late.
  "grpc.initial_reconnect_backoff_ms": 250,
  "grpc.max_reconnect_backoff_ms": 5_000,
  // Service config comes from code, not from DNS TXT records: skip the lookup.
  "grpc.service_config_disable_resolution": 1,
};

/**
 * Server defaults: the same message bound, keepalive so dead Watch clients are reaped, and
 * handlers kept in the context the server was started in (keep-call-context.ts).
 */
export const defaultServerChannelOptions: ServerOptions = {
  interceptors: [keepCallContext],
  "grpc.max_receive_message_length": MAX_MESSAGE_BYTES,
  "grpc.max_send_message_length": MAX_MESSAGE_BYTES,
  "grpc.keepalive_time_ms": 60_000,
  "grpc.keepalive_timeout_ms": 20_000,
};
