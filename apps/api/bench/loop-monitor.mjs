// Loaded into the server by the benchmark (node --import ./apps/api/bench/loop-monitor.mjs …):
// measures how long the event loop is held up (perf_hooks.monitorEventLoopDelay). On SIGWINCH (a
// signal nothing else in the server listens to; close-with-grace takes SIGUSR2 as a shutdown) it
// writes what it saw since the last SIGWINCH to LOOP_MONITOR_FILE (JSON, ms; and the memory's
// parts, MB) and starts again, so
// the benchmark can leave out the start (migrations, demo data) and report the load alone.
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.LOOP_MONITOR_FILE;

function memoryMb() {
  const mb = (bytes) => Math.round(bytes / 2 ** 20);
  const { rss, heapTotal, heapUsed, external } = process.memoryUsage();
  return {
    rss: mb(rss),
    heapTotal: mb(heapTotal),
    heapUsed: mb(heapUsed),
    external: mb(external),
    rest: mb(rss - heapTotal - external),
  };
}
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
        // Where the resident memory is, MB: the main thread's V8 heap, memory V8 tracks outside it
        // (Buffers), and the rest (code, stacks, native libraries; on PGlite its thread and
        // PostgreSQL's WebAssembly memory).
        memory: memoryMb(),
      }),
    );
    histogram.reset();
  });
}
