export { findRoute, matchRoute } from "./match-route";
export { DEFAULT_SERVICE, HEALTH_PREFIX, ROUTE_TABLE, type Route } from "./route-table";
export {
  EDGE_PORT,
  isServiceName,
  SERVICE_NAMES,
  SERVICES,
  type ServiceName,
  serviceVariable,
} from "./services";
export { createShortHosts, type ShortHosts } from "./short-hosts";
