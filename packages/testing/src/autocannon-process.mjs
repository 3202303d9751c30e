// The load generator, in its own process so it never shares an event loop with the servers under
// test. It stays up for the whole bench and runs one autocannon burst per IPC request
// ({ url, paths, connections, durationSeconds, headers }), answering with autocannon's result.
// Plain JavaScript so it starts without a TypeScript loader.
import autocannon from "autocannon";

process.on("message", async (options) => {
  try {
    const result = await autocannon({
      url: options.url,
      connections: options.connections,
      duration: options.durationSeconds,
      headers: options.headers,
      requests: options.paths.map((path) => ({ method: "GET", path })),
    });
    process.send({ result });
  } catch (error) {
    process.send({ error: error instanceof Error ? error.message : String(error) });
  }
});
process.on("disconnect", () => process.exit(0));
