export { appErrorToGrpcStatus, ErrorMetadataKey } from "./app-error-to-grpc-status";
export { ACCOUNT_ID_METADATA_KEY, readCallingAccount, setCallingAccount } from "./calling-account";
export {
  defaultClientChannelOptions,
  defaultServerChannelOptions,
  MAX_MESSAGE_BYTES,
} from "./channel-options";
export {
  createGrpcClient,
  DEFAULT_DEADLINE_MS,
  type GrpcCallOptions,
  type GrpcClient,
  type GrpcClientOptions,
} from "./create-grpc-client";
export { createGrpcServer, type GrpcServer, type GrpcServerOptions } from "./create-grpc-server";
export type {
  GrpcCallContext,
  GrpcServiceImplementation,
  ServerStreamingHandler,
  UnaryHandler,
} from "./grpc-service-implementation";
export { grpcStatusToAppError } from "./grpc-status-to-app-error";
export { ServingStatus } from "./health-status-registry";
export { isIdempotent, type RetryPolicy } from "./retry-policy";
export { grpcMethodPath, toGrpcServiceDefinition } from "./to-grpc-service-definition";
export { extractTraceContext, injectTraceContext } from "./trace-context-metadata";
