/**
 * The next value of a version counter, as a Lua function for the scripts that bump one. A counter
 * that is missing (never made, or lost to FLUSHALL or a restart without persistence) starts from
 * Redis's clock in microseconds, not from 0: a process that held version 6 before a FLUSHALL
 * must never meet a new version 6 naming other contents (issue 22 item 5, decision 045). The
 * value goes back as a string: Lua's own number-to-string loses digits past 14.
 */
export const NEXT_VERSION_FUNCTION = `
local function next_version(key)
  if redis.call('EXISTS', key) == 0 then
    local t = redis.call('TIME')
    redis.call('SET', key, t[1] .. string.sub('00000' .. t[2], -6))
  end
  return string.format('%.0f', redis.call('INCR', key))
end
`;
