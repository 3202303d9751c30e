export {
  type BackendLookup,
  canConnect,
  dockerEngineAvailable,
  realBackendsRequired,
  unavailable,
} from "./backend-availability";
export { clickhouseBackend } from "./clickhouse";
export { checkGrpcHealth } from "./grpc-health";
export * from "./kafka";
export * from "./postgres";
export { redisBackend } from "./redis";
export { type MintOptions, startTestIssuer, type TestIssuer } from "./test-issuer";
