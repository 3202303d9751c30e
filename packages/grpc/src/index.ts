export { appErrorToGrpcStatus, ErrorMetadataKey } from "./app-error-to-grpc-status";
export { bindActor } from "./bind-actor";
export {
  attachCallCredentials,
  type CallActor,
  type CallAuth,
  CallCredentialKey,
  type CallTokenSource,
  currentCallActor,
  runAsActor,
} from "./call-credentials";
export {
  authorizeCall,
  type CallActorIdentity,
  type CallAuthenticator,
  type CallPrincipal,
  callingAccount,
  callingService,
  type GrpcServiceAccess,
  type MethodAccess,
} from "./call-principal";
export { currentCallPrincipal, runWithCallPrincipal } from "./call-principal-scope";
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
export {
  ACCESS_TOKEN_TYPE,
  API_KEY_TOKEN_TYPE,
  AUTH_SERVER_AUDIENCE,
  CLIENT_CREDENTIALS_GRANT,
  INTERNAL_TOKEN_PATH,
  INTERNAL_TOKEN_TTL_SEC,
  internalTokenUrl,
  TOKEN_EXCHANGE_GRANT,
} from "./internal-tokens";
export { requireCallingService } from "./require-calling-service";
export { isIdempotent, type RetryPolicy } from "./retry-policy";
export { createServiceTokens, type ServiceTokens, type ServiceTokensOptions } from "./service-tokens";
export { grpcMethodPath, toGrpcServiceDefinition } from "./to-grpc-service-definition";
export { extractTraceContext, injectTraceContext } from "./trace-context-metadata";
