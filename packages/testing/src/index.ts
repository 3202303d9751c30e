export { type AccountCallOptions, type AccountsClient, accountsClient } from "./accounts-client";
export {
  type BackendLookup,
  canConnect,
  dockerEngineAvailable,
  realBackendsRequired,
  unavailable,
} from "./backend-availability";
export {
  accessibilityViolations,
  type CheckedPage,
  pageScreenshots,
  type ScreenshotOptions,
} from "./browser-checks";
export { bundleArgs } from "./bundle-args";
export { chromiumExecutable } from "./chromium";
export { clickhouseBackend } from "./clickhouse";
export { createMcpKey } from "./create-mcp-key";
export { Browser, hiddenFields, type PageResponse, unescapeHtml } from "./form-browser";
export { freePort } from "./free-port";
export { checkGrpcHealth } from "./grpc-health";
export * from "./kafka";
export { LoadGenerator, type LoadOptions, type LoadResult } from "./load-generator";
export { localEdgeEnv } from "./local-edge-env";
export { median } from "./median";
export { type DashboardSession, openDashboardSession } from "./open-dashboard-session";
export * from "./postgres";
export { probeServiceCall, requestServiceToken, type ServiceCallProbe } from "./probe-service-call";
export { isolatedRedisEnv, redisBackend } from "./redis";
export { setPlanAsOperator } from "./set-plan-as-operator";
export { type BenchAccount, signInWithBenchLinks } from "./sign-in-with-bench-links";
export { grantWithOAuth, type SignedInUser, type SignInOptions, signInWithOAuth } from "./sign-in-with-oauth";
export { type SignUpOptions, type SignUpPage, signUpOnDashboard } from "./sign-up-on-dashboard";
export { startBaselineServer } from "./start-baseline-server";
export {
  type DashboardBrowser,
  type DashboardBrowserOptions,
  type StoppableKurz,
  startDashboardBrowser,
} from "./start-dashboard-browser";
export { startWebhookReceiver, type WebhookReceiver } from "./start-webhook-receiver";
export { startTcpFaultProxy, type TcpFaultProxy } from "./tcp-fault-proxy";
export {
  startTestAuthService,
  type TestAuthService,
  type TestAuthServiceOptions,
  type TestPlan,
} from "./test-auth-service";
export { startTestDnsServer, type TestDnsServer } from "./test-dns-server";
export {
  type MintOptions,
  type ServiceMintOptions,
  startTestIssuer,
  TEST_SERVICE_CLIENT_SECRET,
  type TestIssuer,
} from "./test-issuer";
export { startTestLinkService, type TestLinkService, type TestLinkSnapshot } from "./test-link-service";
export { WAIT_FOR_DEFAULT_TIMEOUT_MS, type WaitForOptions, waitFor } from "./wait-for";
