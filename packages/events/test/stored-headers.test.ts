import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { headersBound, readHeaders, writeHeaders } from "../src/memory/stored-headers";

/** Writes `headers` into a chunk with room for exactly its bound, at an offset, and reads them back. */
function roundTrip(headers: Record<string, string>): { read: Record<string, string>; written: number } {
  const at = 7;
  const chunk = Buffer.alloc(at + headersBound(headers));
  const written = writeHeaders(chunk, at, headers);
  return { read: readHeaders(chunk, at, at + written), written };
}

/** Any code points (never a lone surrogate: UTF-8 cannot carry one, it comes back as U+FFFD). */
const text = fc.string({ unit: "binary", maxLength: 40 });

describe("headers kept as bytes in the in-process log", () => {
  it("come back as they went in: event ids, trace context, empty values, no headers at all", () => {
    const click = {
      "event-id": "5f0e7c4e-8b1d-4f43-9d3a-2b7e5c1a0f11",
      "event-type": "kurz.click.v1",
      traceparent: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
      empty: "",
    };
    expect(roundTrip(click).read).toEqual(click);
    expect(roundTrip({})).toEqual({ read: {}, written: 0 });
  });

  it("round-trip any names and values, in order, within the room they were given", () => {
    fc.assert(
      fc.property(fc.dictionary(text, text, { maxKeys: 8 }), (headers) => {
        const { read, written } = roundTrip(headers);
        expect(read).toEqual(headers);
        expect(Object.keys(read)).toEqual(Object.keys(headers));
        expect(written).toBeLessThanOrEqual(headersBound(headers));
      }),
      { numRuns: 3_000 },
    );
  });

  it("skip a value that is not a string instead of failing the append", () => {
    const headers = { kept: "yes", dropped: undefined } as unknown as Record<string, string>;
    expect(roundTrip(headers).read).toEqual({ kept: "yes" });
  });
});
