import { once } from "node:events";
import { create, type DescMethod, type Message } from "@bufbuild/protobuf";
import type {
  handleServerStreamingCall,
  handleUnaryCall,
  ServerUnaryCall,
  ServerWritableStream,
  StatusObject,
  UntypedHandleCall,
} from "@grpc/grpc-js";
import { toAppError } from "@kurz/errors";
import type { Logger } from "@kurz/logger";
import { context as otelContext } from "@opentelemetry/api";
import { appErrorToGrpcStatus } from "./app-error-to-grpc-status";
import {
  authorizeCall,
  type CallAuthenticator,
  type CallPrincipal,
  type MethodAccess,
} from "./call-principal";
import { runWithCallPrincipal } from "./call-principal-scope";
import type { GrpcCallContext, ServerStreamingHandler, UnaryHandler } from "./grpc-service-implementation";
import { grpcMethodPath } from "./to-grpc-service-definition";
import { extractTraceContext } from "./trace-context-metadata";

type AnyUnaryHandler = UnaryHandler<DescMethod["input"], DescMethod["output"]>;
type AnyStreamingHandler = ServerStreamingHandler<DescMethod["input"], DescMethod["output"]>;

/**
 * Who may call a method: `public` (grpc.health.v1 only: probes carry no token), `unchecked` (a
 * server built with `unauthenticated: true`), or verified by the server's authenticator, then
 * admitted by the method's access rule.
 */
export type MethodGuard =
  | { kind: "public" }
  | { kind: "unchecked" }
  | { kind: "verified"; authenticate: CallAuthenticator; access: MethodAccess };

interface HandlerSetup {
  method: DescMethod;
  guard: MethodGuard;
  logger: Logger | undefined;
}

/**
 * Wraps one typed handler into the callback/stream shape grpc-js calls, adding the caller's
 * verification, the call context, the trace context, and the single error mapping.
 */
export function createMethodHandler(
  method: DescMethod,
  handler: AnyUnaryHandler | AnyStreamingHandler,
  guard: MethodGuard,
  logger: Logger | undefined,
): UntypedHandleCall {
  const setup: HandlerSetup = { method, guard, logger };
  if (method.methodKind === "server_streaming") {
    return serveServerStreaming(setup, handler as AnyStreamingHandler);
  }
  return serveUnary(setup, handler as AnyUnaryHandler);
}

/**
 * The ordered checks before a handler runs: a token is verified (who calls), then the method's
 * rule admits that caller or not. Refusals are logged with the peer: a forged call is worth a
 * line in the logs, its token never is.
 */
async function admit(setup: HandlerSetup, context: GrpcCallContext): Promise<CallPrincipal | undefined> {
  const { guard } = setup;
  if (guard.kind !== "verified") return undefined;
  try {
    const principal = await guard.authenticate(context.metadata);
    authorizeCall(principal, guard.access);
    return principal;
  } catch (thrown) {
    const error = toAppError(thrown);
    if (error.isClientError) {
      setup.logger?.warn(
        { event: "grpc.call_refused", method: context.method, peer: context.peer, code: error.code },
        `gRPC call refused: ${error.message}`,
      );
    }
    throw error;
  }
}

function serveUnary(setup: HandlerSetup, handler: AnyUnaryHandler) {
  const { method, logger } = setup;
  const serve: handleUnaryCall<Message, Message> = (call, callback) => {
    const scope = openCallScope(method, call);
    otelContext
      .with(extractTraceContext(call.metadata), async () => {
        const context = { ...scope.context, principal: await admit(setup, scope.context) };
        const response = await runWithCallPrincipal(context.principal, () => handler(call.request, context));
        return create(method.output, response);
      })
      .then(
        (response) => callback(null, response),
        (error: unknown) => callback(toStatusAndLog(error, scope.context, logger)),
      )
      .finally(scope.close);
  };
  return serve;
}

function serveServerStreaming(setup: HandlerSetup, handler: AnyStreamingHandler) {
  const { method, logger } = setup;
  const serve: handleServerStreamingCall<Message, Message> = (call) => {
    const scope = openCallScope(method, call);
    const { signal } = scope.context;
    otelContext
      .with(extractTraceContext(call.metadata), async () => {
        const context = { ...scope.context, principal: await admit(setup, scope.context) };
        // An async generator's body runs where next() is called: the whole loop is in scope.
        await runWithCallPrincipal(context.principal, async () => {
          for await (const item of handler(call.request, context)) {
            if (signal.aborted) return;
            // Respect backpressure: a slow client must not make us buffer the whole stream.
            if (!call.write(create(method.output, item))) await once(call, "drain", { signal });
          }
        });
        if (!signal.aborted) call.end();
      })
      .catch((error: unknown) => {
        // After cancel/deadline the client is gone; there is nobody to send a status to.
        if (signal.aborted) return;
        // grpc-js turns an emitted 'error' into the call's final status and trailers.
        call.emit("error", toStatusAndLog(error, scope.context, logger));
      })
      .finally(scope.close);
  };
  return serve;
}

interface CallScope {
  context: GrpcCallContext;
  close: () => void;
}

function openCallScope(
  method: DescMethod,
  call: ServerUnaryCall<Message, Message> | ServerWritableStream<Message, Message>,
): CallScope {
  const abort = new AbortController();
  const onCancelled = () => abort.abort(new Error("call cancelled by the client"));
  call.once("cancelled", onCancelled);
  const deadline = toDate(call.getDeadline());
  // grpc-js answers DEADLINE_EXCEEDED itself but does not tell the handler; this timer does.
  const timer =
    deadline === undefined
      ? undefined
      : setTimeout(
          () => abort.abort(new Error("deadline exceeded")),
          Math.max(0, deadline.getTime() - Date.now()),
        );
  return {
    context: {
      method: grpcMethodPath(method),
      metadata: call.metadata,
      principal: undefined,
      deadline,
      signal: abort.signal,
      peer: call.getPeer(),
    },
    close: () => {
      if (timer) clearTimeout(timer);
      call.removeListener("cancelled", onCancelled);
    },
  };
}

function toDate(deadline: Date | number): Date | undefined {
  if (deadline instanceof Date) return deadline;
  return Number.isFinite(deadline) ? new Date(deadline) : undefined;
}

function toStatusAndLog(thrown: unknown, context: GrpcCallContext, logger: Logger | undefined): StatusObject {
  const error = toAppError(thrown);
  const fields = { method: context.method, code: error.code };
  if (error.code === "INTERNAL") {
    // The one place an unexpected failure is recorded with its cause; the client sees none of it.
    logger?.error({ event: "grpc.call_failed", ...fields, err: error.cause ?? error }, "gRPC handler failed");
  } else if (!error.isClientError) {
    logger?.warn({ event: "grpc.call_failed", ...fields, err: error }, "gRPC handler failed");
  } else {
    logger?.debug({ event: "grpc.call_rejected", ...fields }, "gRPC call rejected");
  }
  return appErrorToGrpcStatus(error);
}
