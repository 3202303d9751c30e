import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { encodeEvent } from "@kurz/events";
import { clicksV1 } from "@kurz/proto";
import { v7 } from "uuid";
import { isbot } from "isbot";

function time(name: string, n: number, fn: () => void) { for (let i = 0; i < 1000; i++) fn(); const t = process.hrtime.bigint(); for (let i = 0; i < n; i++) fn(); console.log(name, (Number(process.hrtime.bigint() - t) / n / 1000).toFixed(2), "µs"); }
const payload = { clickId: v7(), accountId: "0b9d7a3e-5f7e-4c1a-9a57-6f1f3f8c1a01", linkId: "00000000-0000-4000-8000-000000000001", host: "localhost", code: "abc", destinationUrl: "https://example.com/abc", qr: false, abTestId: "", variantId: "", userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36", referrer: "https://news.example.org/post", ip: "81.2.69.142", method: 1, campaignId: "" };
time("uuidv7", 200000, () => v7());
time("isbot", 200000, () => isbot(payload.userAgent));
time("encodeEvent", 100000, () => encodeEvent("redirector", { id: payload.clickId, type: "click.recorded", accountId: payload.accountId, key: payload.linkId, occurredAt: new Date(), schema: clicksV1.ClickRecordedSchema, payload: { ...payload, clickedAt: timestampFromMs(Date.now()) } }));
import { BinaryWriter } from "@bufbuild/protobuf/wire";
import { create, toBinary } from "@bufbuild/protobuf";

time("create+toBinary click", 100000, () => toBinary(clicksV1.ClickRecordedSchema, create(clicksV1.ClickRecordedSchema, { ...payload, clickedAt: timestampFromMs(Date.now()) })));

time("writer", 100000, () => {
  const now = Date.now();
  const w = new BinaryWriter();
  w.tag(1, 2).string(payload.clickId);
  w.tag(2, 2).fork().tag(1, 0).int64(Math.floor(now / 1000)).tag(2, 0).int32((now % 1000) * 1e6).join();
  w.tag(3, 2).string(payload.accountId).tag(4, 2).string(payload.linkId).tag(5, 2).string(payload.host).tag(6, 2).string(payload.code).tag(7, 2).string(payload.destinationUrl);
  w.tag(11, 2).string(payload.userAgent).tag(12, 2).string(payload.referrer).tag(14, 2).string(payload.ip).tag(15, 0).int32(1);
  const inner = w.finish();
  const e = new BinaryWriter();
  e.tag(1, 2).string(payload.clickId).tag(2, 2).string("click.recorded").tag(3,2).string(payload.accountId);
  e.tag(4, 2).fork().tag(1, 0).int64(Math.floor(now / 1000)).tag(2, 0).int32((now % 1000) * 1e6).join();
  e.tag(5,2).string(payload.linkId).tag(6,2).string("redirector").tag(7,2).bytes(inner).tag(8,2).string("kurz.clicks.v1.ClickRecorded");
  e.finish();
});
