import type { DescMessage, MessageInitShape, MessageShape } from "@bufbuild/protobuf";
import type { GenServiceMethods } from "@bufbuild/protobuf/codegenv2";
import type { Metadata } from "@grpc/grpc-js";
import type { CallPrincipal } from "./call-principal";

/** What a handler knows about the call it serves, besides the request. */
export interface GrpcCallContext {
  /** `/<package>.<Service>/<Method>`. */
  readonly method: string;
  /** Request metadata (headers) as the client sent them. */
  readonly metadata: Metadata;
  /**
   * Who calls, verified from the call's token before the handler runs. Undefined only on a
   * server built with `unauthenticated: true` (test doubles). Read it through callingAccount /
   * callingService.
   */
  readonly principal: CallPrincipal | undefined;
  /** The client's deadline, if it set one. */
  readonly deadline: Date | undefined;
  /**
   * Aborted when the client cancels or the deadline passes. Pass it to downstream work so a
   * call nobody waits for stops consuming resources.
   */
  readonly signal: AbortSignal;
  /** The client's address, for logs. */
  readonly peer: string;
}

export type UnaryHandler<I extends DescMessage, O extends DescMessage> = (
  request: MessageShape<I>,
  context: GrpcCallContext,
) => Promise<MessageInitShape<O>> | MessageInitShape<O>;

/** Yields the responses of a server-streaming call; returning ends the stream with OK. */
export type ServerStreamingHandler<I extends DescMessage, O extends DescMessage> = (
  request: MessageShape<I>,
  context: GrpcCallContext,
) => AsyncIterable<MessageInitShape<O>>;

/**
 * The implementation of a generated service, typed from its descriptor: one handler per method,
 * keyed by the method's local (camelCase) name. Client-streaming and bidi methods map to `never`
 * because the adapter refuses them.
 */
export type GrpcServiceImplementation<S extends GenServiceMethods> = {
  [K in keyof S]: S[K] extends { methodKind: "unary" }
    ? UnaryHandler<S[K]["input"], S[K]["output"]>
    : S[K] extends { methodKind: "server_streaming" }
      ? ServerStreamingHandler<S[K]["input"], S[K]["output"]>
      : never;
};
