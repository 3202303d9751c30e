export { type Clock, systemClock } from "./clock";
export { commonConfigShape, grpcAddress, redisKeyPrefix } from "./common-config";
export {
  type ConnectOptions,
  connectInfrastructure,
  type Infrastructure,
  type InfrastructureConfig,
  type InfrastructureNeeds,
  type SharedInfrastructure,
} from "./connect-infrastructure";
export { createHttpApp, type HttpApp, type HttpAppOptions, type RegisteredRoute } from "./create-http-app";
export { DASHBOARD_CLIENT_ID } from "./dashboard-client-id";
export { createTxtLookup, type LookupTxt, type TxtAnswer } from "./dns/create-txt-lookup";
export { downstreamReadiness } from "./downstream-readiness";
export { IDEMPOTENCY_KEY_LIFETIME_MS } from "./idempotency/answer-store";
export {
  IDEMPOTENT_METHODS,
  IDEMPOTENT_REPLAYED_HEADER,
  IN_FLIGHT_MARK_TTL_MS,
  MAX_KEPT_ANSWER_BYTES,
} from "./idempotency/create-idempotency-hooks";
export { type HonorIdempotencyKeysOptions, honorIdempotencyKeys } from "./idempotency/honor-idempotency-keys";
export { IDEMPOTENCY_KEY_HEADER, MAX_IDEMPOTENCY_KEY_LENGTH } from "./idempotency/read-idempotency-key";
export { answerClientError } from "./input/answer-client-error";
export { destinationUrlField } from "./input/destination-url-field";
export { nameProblem } from "./input/name-problem";
export { MAX_URL_LENGTH, normalizeDestinationUrl, type UrlCheck } from "./input/normalize-destination-url";
export { optionalText, parseInput } from "./input/parse-input";
export { type StringFault, stringFault } from "./input/string-faults";
export { Lifecycle, pendingShutdownSteps, type ShutdownPhase } from "./lifecycle";
export { PAGE_ICON_HREF } from "./page-icon";
export {
  type AccountQuotaLookup,
  type CacheAccountQuotasOptions,
  cacheAccountQuotas,
  planRequestsPerMinute,
} from "./rate-limit/cache-account-quotas";
export { clientAddressKey } from "./rate-limit/client-address-key";
export {
  createRateWindows,
  type QuotaPolicy,
  type RateWindows,
  type WindowUsage,
} from "./rate-limit/count-in-windows";
export {
  createRestRateLimit,
  REST_POLICY,
  type RestRateLimit,
  type RestRateLimitOptions,
} from "./rate-limit/create-rest-rate-limit";
export { type LimitRestRoutesOptions, limitRestRoutes } from "./rate-limit/limit-rest-routes";
export { type RestRateLimitConfig, restRateLimitConfigShape } from "./rate-limit/rate-limit-config";
export { rateLimitField, rateLimitPolicyField, setRateLimitFields } from "./rate-limit/rate-limit-fields";
export { restRateLimitFromAuthServer } from "./rate-limit/rest-rate-limit-from-auth-server";
export { type ReadinessCheck, type ReadinessResult, runReadinessChecks } from "./readiness";
export { runMain, SHUTDOWN_DEADLINE_EXIT_CODE, type Stoppable, shutdownDeadlineMs } from "./run-main";
export { type RunningService, type ServeOptions, serve } from "./serve";
export {
  createServiceTokensFromConfig,
  type ServiceAuthConfig,
  serviceAuthConfigShape,
} from "./service-auth-config";
export { shortHostsConfigShape } from "./short-hosts-config";
export {
  type BuiltService,
  type ServiceBaseConfig,
  type ServiceContext,
  type ServiceSpec,
  startService,
} from "./start-service";
export { stopWhenStdinEnds } from "./stop-when-stdin-ends";
export { discardUpload } from "./uploads/discard-upload";
export { hasBody } from "./uploads/has-body";
export {
  BodyTooLargeError,
  type StreamedBody,
  streamRequestBody,
  UploadAbortedError,
} from "./uploads/stream-request-body";
