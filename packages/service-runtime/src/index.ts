export { commonConfigShape, grpcAddress } from "./common-config";
export {
  type ConnectOptions,
  connectInfrastructure,
  type Infrastructure,
  type InfrastructureConfig,
  type InfrastructureNeeds,
  type SharedInfrastructure,
} from "./connect-infrastructure";
export { createHttpApp, type HttpApp, type HttpAppOptions } from "./create-http-app";
export { downstreamReadiness } from "./downstream-readiness";
export { Lifecycle, pendingShutdownSteps, type ShutdownPhase } from "./lifecycle";
export { type ReadinessCheck, type ReadinessResult, runReadinessChecks } from "./readiness";
export { runMain, SHUTDOWN_DEADLINE_EXIT_CODE, type Stoppable } from "./run-main";
export { type RunningService, type ServeOptions, serve } from "./serve";
export {
  type BuiltService,
  type ServiceBaseConfig,
  type ServiceContext,
  type ServiceSpec,
  startService,
} from "./start-service";
