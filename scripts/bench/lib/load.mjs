// One fixed-time autocannon run and the few numbers we report from it.
import { autocannon } from "./deps.mjs";
import { round } from "./stats.mjs";

/**
 * Runs autocannon against `url + path` and summarises it. Errors are everything a client would
 * call a failure: socket errors, timeouts and any non-2xx answer.
 * Extra autocannon options (setupClient, overallRate, body, headers …) pass through.
 */
export async function runLoad({ url, path, title, connections = 50, duration = 10, ...options }) {
  const result = await autocannon({
    url: `${url}${path}`,
    connections,
    duration,
    pipelining: 1,
    timeout: 10,
    ...options,
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  return {
    title: title ?? path,
    connections,
    duration,
    requests: result.requests.total,
    rps: round(result.requests.average, 0),
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    errors,
    non2xx: result.non2xx,
    statusCodes: result.statusCodeStats,
  };
}
