export type {
  CacheConnection,
  CacheKind,
  CacheStore,
  Lock,
  Locks,
  RateLimiter,
  TakeOptions,
  TakeResult,
  WithLockOptions,
} from "./cache-ports";
export { type CreateCacheOptions, createCache } from "./create-cache";
