import { readdirSync, readFileSync } from "node:fs";

const MB = 1024 * 1024;

/** A process and every descendant, from /proc/<pid>/task/<tid>/children. */
export function processTree(pid: number): number[] {
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    const current = tree[i]!;
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${current}/task`);
    } catch {
      continue; // exited meanwhile
    }
    for (const tid of tasks) {
      try {
        const children = readFileSync(`/proc/${current}/task/${tid}/children`, "utf8").trim();
        if (children) tree.push(...children.split(" ").map(Number));
      } catch {
        // the thread ended meanwhile
      }
    }
  }
  return tree;
}

/** A field of /proc/<pid>/status in bytes (VmRSS, VmHWM...), 0 once the process is gone. */
function statusBytes(pid: number, field: string): number {
  try {
    const match = readFileSync(`/proc/${pid}/status`, "utf8").match(
      new RegExp(`^${field}:\\s+(\\d+) kB`, "m"),
    );
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Resident memory of the whole process tree (the sum of each process's VmRSS), in bytes. */
export function treeRss(pid: number): number {
  return processTree(pid).reduce((sum, p) => sum + statusBytes(p, "VmRSS"), 0);
}

/** The kernel's high-water mark of one process's resident memory (VmHWM), in bytes. */
export function peakRss(pid: number): number {
  return statusBytes(pid, "VmHWM");
}

export interface ResidentBreakdown {
  /** Resident bytes of each WebAssembly memory, largest first (one per PGlite, and small ones). */
  wasm: number[];
  /** libchdb.so's mapped file (code and read-only data). */
  chdbFile: number;
  /** Other mapped files (node, other shared libraries, ICU data). */
  otherFiles: number;
  /** Anonymous memory that is not a WebAssembly memory: V8's heap, malloc (chDB's included), stacks. */
  otherAnonymous: number;
}

interface Mapping {
  start: bigint;
  end: bigint;
  perms: string;
  name: string;
  rss: number;
}

/** /proc/<pid>/smaps as one entry per mapping, its resident bytes included. */
function readMappings(pid: number): Mapping[] {
  const header = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/;
  const mappings: Mapping[] = [];
  for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const mapping = header.exec(line);
    if (mapping) {
      mappings.push({
        start: BigInt(`0x${mapping[1]}`),
        end: BigInt(`0x${mapping[2]}`),
        perms: mapping[3] ?? "",
        name: mapping[4] ?? "",
        rss: 0,
      });
    } else if (line.startsWith("Rss:")) {
      mappings[mappings.length - 1]!.rss = Number(line.split(/\s+/)[1]) * 1024;
    }
  }
  return mappings;
}

/**
 * Where one process's resident memory lies, from /proc/<pid>/smaps. V8 reserves every
 * WebAssembly memory with guard pages, 8 GiB and more of address space; the pages in use are a
 * readable mapping right before the inaccessible rest. Nothing else in the process reserves that
 * much at once, so a readable anonymous mapping that ends where such a reservation begins is a
 * WebAssembly memory.
 */
export function residentBreakdown(pid: number): ResidentBreakdown {
  const breakdown: ResidentBreakdown = { wasm: [], chdbFile: 0, otherFiles: 0, otherAnonymous: 0 };
  const mappings = readMappings(pid);
  const reservationStarts = new Set(
    mappings
      .filter((m) => m.name === "" && m.perms.startsWith("---") && m.end - m.start >= 4n * 1024n ** 3n)
      .map((m) => m.start),
  );
  for (const m of mappings) {
    if (m.name === "" && m.perms.startsWith("rw") && reservationStarts.has(m.end)) breakdown.wasm.push(m.rss);
    else if (m.name.includes("libchdb")) breakdown.chdbFile += m.rss;
    else if (m.name.startsWith("/")) breakdown.otherFiles += m.rss;
    else breakdown.otherAnonymous += m.rss;
  }
  breakdown.wasm.sort((a, b) => b - a);
  return breakdown;
}

/** Samples the tree's resident memory every `intervalMs` until stopped; keeps the largest. */
export function sampleTreePeak(pid: number, intervalMs = 200): { stop(): number } {
  let peak = treeRss(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, treeRss(pid));
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, treeRss(pid));
    },
  };
}

export function megabytes(bytes: number): string {
  return `${Math.round(bytes / MB)} MB`;
}
