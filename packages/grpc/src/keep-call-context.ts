import { AsyncLocalStorage } from "node:async_hooks";
import { ServerInterceptingCall, type ServerInterceptor, ServerListenerBuilder } from "@grpc/grpc-js";

/**
 * Runs a call's handler in the async context its stream arrived in. grpc-js hands messages over
 * from http2 stream `data` events, which Node runs with no AsyncLocalStorage context at all, so
 * without this a handler loses whatever the server was started in: the `kurz.service` scope that
 * marks spans (@kurz/telemetry runAsService), for one.
 */
export const keepCallContext: ServerInterceptor = (_method, call) => {
  const inCallContext = AsyncLocalStorage.snapshot();
  return new ServerInterceptingCall(call, {
    start: (next) =>
      next(
        new ServerListenerBuilder()
          .withOnReceiveMetadata((metadata, forward) => inCallContext(forward, metadata))
          .withOnReceiveMessage((message, forward) => inCallContext(forward, message))
          .withOnReceiveHalfClose((forward) => inCallContext(forward))
          .build(),
      ),
  });
};
