// Figure 5: the local stack under a bounded autocannon load on loopback.
import autocannon from 'autocannon';
import { round, sleep, treeRssBytes } from './util.mjs';

/** One bounded autocannon run; returns rps and latency percentiles (ms). */
export async function load(name, options, { durationS, connections }) {
  const result = await autocannon({
    connections,
    pipelining: 1,
    duration: durationS,
    ...options,
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  return {
    name,
    url: options.url,
    method: options.method ?? 'GET',
    connections,
    durationS,
    requests: result.requests.total,
    rps: round(result.requests.average),
    p50Ms: result.latency.p50,
    p90Ms: result.latency.p90,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    errors,
    non2xx: result.non2xx,
  };
}

/** Samples the RSS of a process tree every 200 ms while `work` runs; returns [result, peak]. */
export async function withPeakRss(pid, work) {
  let peak = treeRssBytes(pid);
  let running = true;
  const sampler = (async () => {
    while (running) {
      peak = Math.max(peak, treeRssBytes(pid));
      await sleep(200);
    }
  })();
  try {
    return [await work(), peak];
  } finally {
    running = false;
    await sampler;
  }
}
