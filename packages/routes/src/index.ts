export { findRoute, matchRoute, type RequestBodyLimit, requestBodyLimit } from "./match-route";
export {
  DEFAULT_SERVICE,
  HEALTH_PREFIX,
  IMPORT_UPLOAD_MAX_BYTES,
  ROUTE_TABLE,
  type Route,
  STREAMED_BODY_ABOVE_BYTES,
} from "./route-table";
export {
  EDGE_PORT,
  isServiceName,
  SERVICE_NAMES,
  SERVICES,
  type ServiceName,
  serviceVariable,
} from "./services";
export { createShortHosts, type ShortHosts } from "./short-hosts";
