export type { InvariantRow } from "./check-invariants";
export { ALL_FAULTS, BOUNDED_FAULTS, type Fault, selectFaults } from "./faults";
export { formatTable, isClean } from "./format-table";
export { type ChaosOptions, runChaos } from "./run-chaos";
