// Runs autocannon in its own process (the load generator never shares an event loop with the
// server under test) and prints its result as JSON. One argument: the options as JSON, with
// `paths` cycled by every connection. Plain JavaScript so it starts without a TypeScript loader.
import autocannon from "autocannon";

const options = JSON.parse(process.argv[2] ?? "{}");
const result = await autocannon({
  url: options.url,
  connections: options.connections,
  duration: options.durationSeconds,
  headers: options.headers,
  requests: options.paths.map((path) => ({ method: "GET", path })),
});
process.stdout.write(JSON.stringify(result));
