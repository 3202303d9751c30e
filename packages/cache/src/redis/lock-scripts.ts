/**
 * Lock ownership is a random token stored as the value. Release and extend compare it in the
 * same script that acts, so a holder whose lock expired (and was taken by someone else) cannot
 * release or extend the new holder's lock.
 */

/** KEYS[1] lock key; ARGV[1] token. Returns 1 when released. */
export const RELEASE_LOCK_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
`;

/** KEYS[1] lock key; ARGV[1] token, ARGV[2] ttl ms. Returns 1 when extended. */
export const EXTEND_LOCK_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0
`;
