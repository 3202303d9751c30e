import { spawn } from "node:child_process";
import readline from "node:readline";
import { Kafka, logLevel, Partitioners } from "kafkajs";
const mock = spawn("/work/main/tools/kafka-mock/kafka-mock", ["--topic", "t1", "--partitions", "3"], { stdio: ["pipe", "pipe", "inherit"] });
const rl = readline.createInterface({ input: mock.stdout });
const lines = rl[Symbol.asyncIterator]();
const brokers = (await lines.next()).value.split(" ")[1].split(",");
const cmd = async (c) => { mock.stdin.write(c + "\n"); return (await lines.next()).value; };
const t0 = Date.now();
const log = (...a) => console.log(Date.now() - t0, ...a);
const kafka = new Kafka({ clientId: "x", brokers, logLevel: logLevel.NOTHING, connectionTimeout: 500, requestTimeout: 2000, retry: { retries: 2, initialRetryTime: 100, maxRetryTime: 500 } });
const producer = kafka.producer({ allowAutoTopicCreation: false, createPartitioner: Partitioners.DefaultPartitioner, maxInFlightRequests: 1 });
await producer.connect();
let sent = 0;
const pending = [];
async function sendOne(i) {
  for (;;) {
    try { await producer.send({ topic: "t1", messages: [{ key: `k${i % 5}`, value: `v${i}` }] }); return; }
    catch (e) { log("send fail", i, e.name, e.message); await new Promise(r => setTimeout(r, 300)); }
  }
}
for (let i = 0; i < 60; i++) {
  if (i === 20) { log("down", await cmd("down 1")); setTimeout(async () => log("up", await cmd("up 1")), 3000); }
  await sendOne(i);
  if (i >= 20 && i < 40) await new Promise(r => setTimeout(r, 50));
}
log("all sent");
const admin = kafka.admin(); await admin.connect();
log(JSON.stringify(await admin.fetchTopicOffsets("t1")));
await admin.disconnect(); await producer.disconnect(); mock.stdin.end();
