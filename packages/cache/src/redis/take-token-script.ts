/**
 * Token bucket in one Lua script, so read-refill-take-write is atomic across replicas. Time comes
 * from the Redis server (TIME), never from callers, so replicas with skewed clocks share one
 * timeline. State: hash {tokens, ts(ms)}; it expires once the bucket would be full again, since
 * a full bucket and a missing one behave the same.
 *
 * KEYS[1] bucket key; ARGV: capacity, refillPerSecond, cost.
 * Returns { allowed (0|1), whole tokens remaining, retryAfterMs }.
 */
export const TAKE_TOKEN_SCRIPT = `
if redis.replicate_commands then redis.replicate_commands() end
local capacity = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
local state = redis.call('HMGET', KEYS[1], 'tokens', 'ts')
local tokens = tonumber(state[1])
local ts = tonumber(state[2])
if tokens == nil or ts == nil then
  tokens = capacity
else
  local elapsed = now - ts
  if elapsed < 0 then elapsed = 0 end
  tokens = math.min(capacity, tokens + elapsed * rate / 1000)
end
local allowed = 0
local retry = 0
if tokens >= cost then
  tokens = tokens - cost
  allowed = 1
else
  retry = math.ceil((cost - tokens) * 1000 / rate)
end
redis.call('HSET', KEYS[1], 'tokens', string.format('%.17g', tokens), 'ts', string.format('%.17g', now))
redis.call('PEXPIRE', KEYS[1], math.max(1, math.ceil((capacity - tokens) * 1000 / rate)))
return { allowed, math.floor(tokens), retry }
`;
