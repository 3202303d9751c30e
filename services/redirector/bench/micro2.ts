import { v7 } from "uuid";
function time(name: string, n: number, fn: () => void) { for (let i = 0; i < 1000; i++) fn(); const t = process.hrtime.bigint(); for (let i = 0; i < n; i++) fn(); console.log(name, (Number(process.hrtime.bigint() - t) / n / 1000).toFixed(2), "µs"); }
const payload = { clickId: v7(), accountId: "0b9d7a3e-5f7e-4c1a-9a57-6f1f3f8c1a01", linkId: "00000000-0000-4000-8000-000000000001", host: "localhost", code: "abc", destinationUrl: "https://example.com/abc", userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36", referrer: "https://news.example.org/post", ip: "81.2.69.142" };
function varintLen(v: number) { let n = 1; while (v >= 128) { v = Math.floor(v / 128); n++; } return n; }
class W { buf: Buffer; pos = 0; constructor(size: number) { this.buf = Buffer.allocUnsafe(size); }
  varint(v: number) { while (v >= 128) { this.buf[this.pos++] = (v & 127) | 128; v = Math.floor(v / 128); } this.buf[this.pos++] = v; }
  str(field: number, s: string) { if (s === "") return; const len = Buffer.byteLength(s); this.varint(field << 3 | 2); this.varint(len); this.buf.write(s, this.pos, "latin1" === "x" ? "latin1" : "utf8"); this.pos += len; }
}
function strSize(field: number, s: string) { if (s === "") return 0; const len = Buffer.byteLength(s); return varintLen(field << 3 | 2) + varintLen(len) + len; }
time("hand", 200000, () => {
  const now = Date.now();
  const secs = Math.floor(now / 1000), nanos = (now % 1000) * 1e6;
  const tsLen = 1 + varintLen(secs) + 1 + varintLen(nanos);
  let size = strSize(1, payload.clickId) + 1 + 1 + tsLen + strSize(3, payload.accountId) + strSize(4, payload.linkId) + strSize(5, payload.host) + strSize(6, payload.code) + strSize(7, payload.destinationUrl) + strSize(11, payload.userAgent) + strSize(12, payload.referrer) + strSize(14, payload.ip) + 2;
  const w = new W(size);
  w.str(1, payload.clickId); w.varint(2 << 3 | 2); w.varint(tsLen); w.varint(8); w.varint(secs); w.varint(16); w.varint(nanos);
  w.str(3, payload.accountId); w.str(4, payload.linkId); w.str(5, payload.host); w.str(6, payload.code); w.str(7, payload.destinationUrl); w.str(11, payload.userAgent); w.str(12, payload.referrer); w.str(14, payload.ip); w.varint(15 << 3); w.varint(1);
});
