/**
 * INCRBY and, for a key it creates, PEXPIRE, in one script: a counter can never be left without a
 * TTL (as INCRBY then PEXPIRE from the client could, if the client died in between), and later
 * increments do not extend the TTL the counter started with.
 *
 * KEYS[1] counter key; ARGV[1] increment, ARGV[2] TTL ms. Returns the new value.
 */
export const INCREMENT_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 then
  return redis.call('INCRBY', KEYS[1], ARGV[1])
end
local value = redis.call('INCRBY', KEYS[1], ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return value
`;
