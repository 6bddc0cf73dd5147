// Loaded with --import into a server under study (bench/rss-experiments.mjs only, never in
// production): on SIGUSR2 it writes what the process's memory is made of to BENCH_MEMORY_FILE.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import v8 from 'node:v8';

process.on('SIGUSR2', () => {
  const mb = (n) => Math.round((n / 1048576) * 10) / 10;
  const usage = Object.fromEntries(Object.entries(process.memoryUsage()).map(([k, v]) => [k, mb(v)]));
  const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, { size: mb(s.space_size), used: mb(s.space_used_size) }]));
  const heap = v8.getHeapStatistics();
  const code = v8.getHeapCodeStatistics();
  writeFileSync(
    process.env.BENCH_MEMORY_FILE,
    JSON.stringify(
      {
        usage,
        spaces,
        heap: {
          total: mb(heap.total_heap_size),
          used: mb(heap.used_heap_size),
          malloced: mb(heap.malloced_memory),
          peakMalloced: mb(heap.peak_malloced_memory),
          contexts: heap.number_of_native_contexts,
        },
        code: {
          bytecodeAndMetadata: mb(code.bytecode_and_metadata_size),
          code: mb(code.code_and_metadata_size),
          external: mb(code.external_script_source_size),
        },
        // CommonJS modules loaded (Next's server and its bundles are CommonJS).
        modules: Object.keys(createRequire(import.meta.url).cache).length,
      },
      null,
      2,
    ),
  );
});
