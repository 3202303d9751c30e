import { setTimeout as sleep } from "node:timers/promises";
import {
  create,
  type DescMethod,
  type DescService,
  type Message,
  type MessageInitShape,
  type MessageShape,
} from "@bufbuild/protobuf";
import type { GenService, GenServiceMethods } from "@bufbuild/protobuf/codegenv2";
import {
  type ChannelCredentials,
  type ChannelOptions,
  Client,
  type ClientUnaryCall,
  credentials as grpcCredentials,
  Metadata,
  type ServiceError,
} from "@grpc/grpc-js";
import type { Logger } from "@kurz/logger";
import { attachCallCredentials, type CallActor, type CallAuth, currentCallActor } from "./call-credentials";
import { defaultClientChannelOptions } from "./channel-options";
import { grpcStatusToAppError } from "./grpc-status-to-app-error";
import { attemptDeadline, isIdempotent, type RetryPolicy, retryDelayMs } from "./retry-policy";
import { assertSupportedMethods, toGrpcMethodDefinition } from "./to-grpc-service-definition";
import { injectTraceContext } from "./trace-context-metadata";

export const DEFAULT_DEADLINE_MS = 5_000;

export interface GrpcClientOptions {
  /** The whole budget of one call, retries and backoff included. Default 5000. */
  deadlineMs?: number;
  /** Retries apply to idempotent methods only; see retry-policy.ts. */
  retry?: { maxAttempts?: number; backoffMs?: number; attemptTimeoutMs?: number };
  /** Sent with every call (per-call metadata is added on top). */
  metadata?: Record<string, string>;
  logger?: Logger;
  /**
   * Who the callee is and where this service's tokens come from; every call then carries a token
   * the callee verifies (see call-credentials.ts). Without it calls carry no proof, which only a
   * test double (`unauthenticated: true`) accepts.
   */
  auth?: CallAuth;
  /**
   * Transport security. Default: insecure at the process level; in Kubernetes a mesh adds mTLS
   * (transport identity) on top of, never instead of, the per-call tokens.
   */
  credentials?: ChannelCredentials;
  /** Overrides of the channel options (see channel-options.ts for the defaults). */
  channelOptions?: ChannelOptions;
}

export interface GrpcCallOptions {
  /** Replaces the client's deadlineMs for this call (a Watch stream wants a long one). */
  deadlineMs?: number;
  /**
   * Whom the call acts for: a forwarded user access token or an MCP API key. Default: the actor
   * of the enclosing runAsActor, else the calling service alone (its service token). "service":
   * the calling service alone even inside a runAsActor (a service-only method such as GetAccount).
   */
  actor?: CallActor | "service";
  metadata?: Record<string, string>;
  /** Cancels the call; the call then rejects (or the stream throws) with the signal's reason. */
  signal?: AbortSignal;
}

/**
 * A typed client for a generated service: unary methods return a promise of the response, server-
 * streaming methods an async iterable (the call starts when iteration starts; leaving the loop
 * cancels it). Failures are AppErrors.
 */
export type GrpcClient<S extends GenServiceMethods> = {
  [K in keyof S]: S[K] extends { methodKind: "unary" }
    ? (
        request: MessageInitShape<S[K]["input"]>,
        options?: GrpcCallOptions,
      ) => Promise<MessageShape<S[K]["output"]>>
    : S[K] extends { methodKind: "server_streaming" }
      ? (
          request: MessageInitShape<S[K]["input"]>,
          options?: GrpcCallOptions,
        ) => AsyncIterable<MessageShape<S[K]["output"]>>
      : never;
} & {
  /** Closes the channel; calls in flight fail. */
  close(): void;
};

export function createGrpcClient<S extends GenServiceMethods>(
  service: GenService<S>,
  address: string,
  options: GrpcClientOptions = {},
): GrpcClient<S> {
  const descriptor = service as unknown as DescService;
  assertSupportedMethods(descriptor);
  const defaultDeadlineMs = checkDeadline(options.deadlineMs ?? DEFAULT_DEADLINE_MS);
  const policy: RetryPolicy = {
    maxAttempts: Math.max(1, Math.floor(options.retry?.maxAttempts ?? 3)),
    backoffMs: Math.max(0, options.retry?.backoffMs ?? 100),
    attemptTimeoutMs: options.retry?.attemptTimeoutMs,
  };
  const channel = new Client(address, options.credentials ?? grpcCredentials.createInsecure(), {
    ...defaultClientChannelOptions,
    ...options.channelOptions,
  });
  const caller: CallerSetup = {
    channel,
    policy,
    defaultDeadlineMs,
    logger: options.logger,
    metadata: options.metadata,
    auth: options.auth,
  };

  const client: Record<string, unknown> = {};
  for (const method of descriptor.methods) {
    if (method.localName === "close") {
      throw new Error(
        `${descriptor.typeName}.${method.name} clashes with the client's close(); rename the RPC`,
      );
    }
    client[method.localName] =
      method.methodKind === "server_streaming"
        ? streamingCaller(method, caller)
        : unaryCaller(method, caller);
  }
  client.close = () => channel.close();
  return client as GrpcClient<S>;
}

interface CallerSetup {
  channel: Client;
  policy: RetryPolicy;
  defaultDeadlineMs: number;
  logger: Logger | undefined;
  metadata: Record<string, string> | undefined;
  auth: CallAuth | undefined;
}

interface PreparedCall {
  request: Message;
  metadata: Metadata;
  /** Captured at the call site, like the trace context: a stream starts later, elsewhere. */
  actor: CallActor | undefined;
  callDeadline: number;
  idempotent: boolean;
  signal: AbortSignal | undefined;
}

function prepareCall(
  method: DescMethod,
  setup: CallerSetup,
  init: unknown,
  options: GrpcCallOptions = {},
): PreparedCall {
  const metadata = new Metadata();
  for (const [key, value] of Object.entries({ ...setup.metadata, ...options.metadata })) {
    metadata.set(key, value);
  }
  // Captured now, at the call site: a stream's attempts start later, outside the caller's span.
  injectTraceContext(metadata);
  return {
    request: create(method.input, init as MessageInitShape<typeof method.input>),
    metadata,
    // A client without `auth` (a health probe, a test double's) takes no actor from the context.
    actor:
      options.actor === "service"
        ? undefined
        : (options.actor ?? (setup.auth ? currentCallActor() : undefined)),
    callDeadline: Date.now() + checkDeadline(options.deadlineMs ?? setup.defaultDeadlineMs),
    idempotent: isIdempotent(method),
    signal: options.signal,
  };
}

function unaryCaller(method: DescMethod, setup: CallerSetup) {
  const definition = toGrpcMethodDefinition(method);
  return async (init: unknown, options?: GrpcCallOptions): Promise<Message> => {
    const call = prepareCall(method, setup, init, options);
    // One token for every attempt: it outlives the call's whole budget by minutes.
    await attachCallCredentials(call.metadata, setup.auth, call.actor);
    for (let attempt = 1; ; attempt++) {
      call.signal?.throwIfAborted();
      try {
        return await new Promise<Message>((resolve, reject) => {
          let pending: ClientUnaryCall | undefined;
          const cancel = () => pending?.cancel();
          call.signal?.addEventListener("abort", cancel, { once: true });
          pending = setup.channel.makeUnaryRequest(
            definition.path,
            definition.requestSerialize,
            definition.responseDeserialize,
            call.request,
            call.metadata.clone(),
            { deadline: attemptDeadline(setup.policy, call.callDeadline) },
            (error, response) => {
              call.signal?.removeEventListener("abort", cancel);
              if (error) reject(error);
              else resolve(response as Message);
            },
          );
        });
      } catch (error) {
        await waitBeforeRetryOrThrow(error, attempt, method, call, setup);
      }
    }
  };
}

function streamingCaller(method: DescMethod, setup: CallerSetup) {
  const definition = toGrpcMethodDefinition(method);
  return (init: unknown, options?: GrpcCallOptions): AsyncIterable<Message> => {
    const call = prepareCall(method, setup, init, options);
    return (async function* () {
      await attachCallCredentials(call.metadata, setup.auth, call.actor);
      for (let attempt = 1; ; attempt++) {
        call.signal?.throwIfAborted();
        const stream = setup.channel.makeServerStreamRequest(
          definition.path,
          definition.requestSerialize,
          definition.responseDeserialize,
          call.request,
          call.metadata.clone(),
          { deadline: attemptDeadline(setup.policy, call.callDeadline) },
        );
        const cancel = () => stream.cancel();
        call.signal?.addEventListener("abort", cancel, { once: true });
        let received = false;
        try {
          for await (const message of stream) {
            received = true;
            yield message as Message;
          }
          return;
        } catch (error) {
          // Once a message was delivered a retry would replay it: only a stream that failed
          // before its first message starts over.
          if (received) throw toCallError(error, call.signal);
          await waitBeforeRetryOrThrow(error, attempt, method, call, setup);
        } finally {
          call.signal?.removeEventListener("abort", cancel);
          // Leaving the loop early (break, throw in the consumer) must end the call on the server.
          stream.cancel();
        }
      }
    })();
  };
}

async function waitBeforeRetryOrThrow(
  error: unknown,
  failedAttempt: number,
  method: DescMethod,
  call: PreparedCall,
  setup: CallerSetup,
): Promise<void> {
  if (call.signal?.aborted || !isServiceError(error)) throw toCallError(error, call.signal);
  const delayMs = retryDelayMs(setup.policy, {
    idempotent: call.idempotent,
    failedAttempt,
    status: error.code,
    callDeadline: call.callDeadline,
  });
  if (delayMs === undefined) throw grpcStatusToAppError(error);
  setup.logger?.info(
    {
      event: "grpc.call_retry",
      method: `${method.parent.typeName}/${method.name}`,
      attempt: failedAttempt,
      status: error.code,
      delayMs,
    },
    "retrying gRPC call",
  );
  await sleep(delayMs, undefined, call.signal ? { signal: call.signal } : undefined).catch(() => {
    throw toCallError(error, call.signal);
  });
}

function toCallError(error: unknown, signal: AbortSignal | undefined): unknown {
  if (signal?.aborted) return signal.reason;
  return isServiceError(error) ? grpcStatusToAppError(error) : error;
}

function isServiceError(error: unknown): error is ServiceError {
  return (
    error instanceof Error && typeof (error as Partial<ServiceError>).code === "number" && "metadata" in error
  );
}

function checkDeadline(deadlineMs: number): number {
  if (!Number.isFinite(deadlineMs) || deadlineMs <= 0) {
    throw new Error(`deadlineMs must be a positive finite number of milliseconds, got ${deadlineMs}`);
  }
  return deadlineMs;
}
