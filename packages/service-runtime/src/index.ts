export { commonConfigShape, grpcAddress } from "./common-config";
export { createHttpApp, type HttpApp, type HttpAppOptions } from "./create-http-app";
export { Lifecycle, type ShutdownPhase } from "./lifecycle";
export { type ReadinessCheck, type ReadinessResult, runReadinessChecks } from "./readiness";
export { runMain, type Stoppable } from "./run-main";
