export { type EdgeConfig, loadEdgeConfig, upstreamVariable } from "./config";
export { createEdge, type EdgeOptions } from "./create-edge";
export type { InProcessService } from "./hand-over-request";
export { type RunningEdge, startEdge } from "./start-edge";
