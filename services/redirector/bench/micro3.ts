import { createEventBus, eventTopics } from "@kurz/events";
import { createLogger } from "@kurz/logger";
const logger = createLogger({ service: "bench", level: "silent" });
const bus = createEventBus({ clientId: "bench", logger });
const producer = bus.producer({ maxBufferedMessages: 1_000_000 });
const value = Buffer.alloc(400);
const n = 200_000;
const before = process.cpuUsage(); const t0 = Date.now();
for (let i = 0; i < n; i++) { producer.send(eventTopics.click, { key: `link-${i % 1000}`, value, headers: { "event-id": "x", "event-type": "click.recorded" } }).catch(() => {}); if (i % 1000 === 0) await new Promise((r) => setImmediate(r)); }
await producer.flush(60_000);
const cpu = process.cpuUsage(before);
console.log("µs/msg", ((cpu.user + cpu.system) / n).toFixed(2), "wall ms", Date.now() - t0);
process.exit(0);
