export { ConfigError, parseConfig } from "./parse-config";
export { booleanFromEnv, durationMs, listFromEnv, port } from "./env-types";
