// Preloaded by `make bench-footprint` into make start's process (`--import`), never by make start
// itself: on SIGUSR2 it writes the process's own view of its memory (V8's heap, external and
// array buffers, malloc as V8 sees it) as JSON to KURZ_BENCH_MEMORY_REPORT.
import { renameSync, writeFileSync } from "node:fs";
import v8 from "node:v8";

const file = process.env.KURZ_BENCH_MEMORY_REPORT;
if (file) {
  process.on("SIGUSR2", () => {
    const heap = v8.getHeapStatistics();
    // Written beside it and renamed: the bench reads it as soon as its mtime changes.
    writeFileSync(
      `${file}.tmp`,
      JSON.stringify({
        at: Date.now(),
        ...process.memoryUsage(),
        heapLimit: heap.heap_size_limit,
        mallocedMemory: heap.malloced_memory,
        spaces: Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, s.space_used_size])),
      }),
    );
    renameSync(`${file}.tmp`, file);
  });
}
