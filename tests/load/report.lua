-- wrk script: count every non-2xx answer (wrk itself only counts 4xx/5xx) and print
-- the run's figures as one JSON line for tests/load/server.py to read.
-- With the argument "vary" (wrk ... URL -- vary) every request gets its own query string
-- (a distinct rear_setback_ft appended, the last value of a field being the one used),
-- so nothing can be answered from a cache.
local threads = {}

function setup(thread)
  thread:set("id", #threads + 1)
  table.insert(threads, thread)
end

function init(args)
  non_2xx = 0
  if args[1] == "vary" then
    local counter = 0
    request = function()
      counter = counter + 1
      local path = string.format("%s&front_setback_ft=%d&rear_setback_ft=%.4f",
        wrk.path, 20 + id, 10 + counter / 10000)
      return wrk.format(nil, path)
    end
  end
end

function response(status, headers, body)
  if status < 200 or status > 299 then
    non_2xx = non_2xx + 1
  end
end

function done(summary, latency, requests)
  local bad = 0
  for _, thread in ipairs(threads) do
    bad = bad + thread:get("non_2xx")
  end
  io.write(string.format(
    'WRK_JSON {"requests": %d, "duration_us": %d, "p50_us": %d, "p99_us": %d, "max_us": %d, ' ..
    '"non_2xx": %d, "connect": %d, "read": %d, "write": %d, "timeout": %d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    latency.max, bad, summary.errors.connect, summary.errors.read, summary.errors.write,
    summary.errors.timeout))
end
