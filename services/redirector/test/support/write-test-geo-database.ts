// A GeoIP2-City-layout .mmdb made for tests: a few networks with country, subdivision (ISO code)
// and city, in MaxMind DB format 2.0 (the layout of MaxMind's own City databases, which the
// bundled GeoLite2 files lack: they carry no region codes). No npm package writes .mmdb files, and
// the format is small: a binary search tree of 32-bit records, a data section, a metadata map.
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export interface TestPlace {
  /** An IPv4 network, "192.0.2.0/24". */
  network: string;
  country: string;
  /** ISO 3166-2 subdivision code without the country ("BY"). */
  subdivision: string;
  subdivisionName: string;
  city: string;
}

type Value = string | number | Value[] | { [key: string]: Value };

function control(type: number, size: number): Buffer {
  // Types above 7 are "extended": type bits 0, then a byte holding type - 7.
  const head = (type <= 7 ? type : 0) << 5;
  const extended = type <= 7 ? [] : [type - 7];
  if (size < 29) return Buffer.from([head | size, ...extended]);
  if (size < 285) return Buffer.from([head | 29, ...extended, size - 29]);
  const rest = size - 285;
  return Buffer.from([head | 30, ...extended, rest >> 8, rest & 0xff]);
}

function encode(value: Value): Buffer {
  if (typeof value === "string") {
    const bytes = Buffer.from(value, "utf8");
    return Buffer.concat([control(2, bytes.length), bytes]);
  }
  if (typeof value === "number") {
    // uint32 (type 6), big-endian, without leading zero bytes.
    const bytes: number[] = [];
    for (let v = value; v > 0; v = Math.floor(v / 256)) bytes.unshift(v % 256);
    return Buffer.concat([control(6, bytes.length), Buffer.from(bytes)]);
  }
  if (Array.isArray(value)) return Buffer.concat([control(11, value.length), ...value.map(encode)]);
  const entries = Object.entries(value);
  return Buffer.concat([control(7, entries.length), ...entries.flatMap(([k, v]) => [encode(k), encode(v)])]);
}

interface TrieNode {
  children: [TrieNode | number | undefined, TrieNode | number | undefined];
}

function networkBits(network: string): number[] {
  const [address = "", length = "32"] = network.split("/");
  const octets = address.split(".").map(Number);
  const bits: number[] = new Array(96).fill(0); // IPv4 lives at ::a.b.c.d in an IPv6 tree
  for (let i = 0; i < Number(length); i++) bits.push(((octets[i >> 3] ?? 0) >> (7 - (i & 7))) & 1);
  return bits;
}

/** Writes the database to a temporary file and returns its path. */
export function writeTestGeoDatabase(places: readonly TestPlace[]): string {
  const root: TrieNode = { children: [undefined, undefined] };
  const data: Buffer[] = [];
  let dataLength = 0;
  for (const place of places) {
    const record = encode({
      city: { names: { en: place.city } },
      country: { iso_code: place.country, names: { en: place.country } },
      subdivisions: [{ iso_code: place.subdivision, names: { en: place.subdivisionName } }],
    });
    const offset = dataLength;
    data.push(record);
    dataLength += record.length;
    const bits = networkBits(place.network);
    let node = root;
    bits.forEach((bit, i) => {
      const side = bit as 0 | 1;
      if (i === bits.length - 1) {
        node.children[side] = offset;
        return;
      }
      let next = node.children[side];
      if (typeof next !== "object") {
        next = { children: [undefined, undefined] };
        node.children[side] = next;
      }
      node = next;
    });
  }
  const nodes: TrieNode[] = [];
  const number = (node: TrieNode) => {
    nodes.push(node);
    for (const child of node.children) if (typeof child === "object") number(child);
  };
  number(root);
  const index = new Map(nodes.map((node, i) => [node, i]));
  const nodeCount = nodes.length;
  const tree = Buffer.alloc(nodeCount * 8);
  nodes.forEach((node, i) => {
    node.children.forEach((child, side) => {
      const value =
        child === undefined
          ? nodeCount
          : typeof child === "number"
            ? nodeCount + 16 + child
            : (index.get(child) as number);
      tree.writeUInt32BE(value, i * 8 + side * 4);
    });
  });
  const metadata = encode({
    binary_format_major_version: 2,
    binary_format_minor_version: 0,
    build_epoch: 1_700_000_000,
    database_type: "GeoIP2-City",
    description: { en: "Kurz redirector test database" },
    ip_version: 6,
    languages: ["en"],
    node_count: nodeCount,
    record_size: 32,
  });
  const file = path.join(tmpdir(), `kurz-test-geo-${process.pid}-${Date.now()}.mmdb`);
  writeFileSync(
    file,
    Buffer.concat([
      tree,
      Buffer.alloc(16),
      ...data,
      Buffer.from([0xab, 0xcd, 0xef]),
      Buffer.from("MaxMind.com"),
      metadata,
    ]),
  );
  return file;
}
