// Loaded into the server by the benchmark (node --import ./apps/api/bench/loop-monitor.mjs …):
// measures how long the event loop is held up (perf_hooks.monitorEventLoopDelay). On SIGWINCH (a
// signal nothing else in the server listens to; close-with-grace takes SIGUSR2 as a shutdown) it
// writes what it saw since the last SIGWINCH to LOOP_MONITOR_FILE (JSON, ms) and starts again, so
// the benchmark can leave out the start (migrations, demo data) and report the load alone.
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.LOOP_MONITOR_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  process.on('SIGWINCH', () => {
    const ms = (ns) => Math.round(ns / 1e4) / 100;
    fs.writeFileSync(
      file,
      JSON.stringify({
        p50: ms(histogram.percentile(50)),
        p99: ms(histogram.percentile(99)),
        max: ms(histogram.max),
        over20ms: histogram.max > 20e6,
      }),
    );
    histogram.reset();
  });
}
