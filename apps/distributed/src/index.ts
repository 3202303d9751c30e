export { type DistributedOptions, type RunningCluster, startDistributed } from "./start-distributed";
