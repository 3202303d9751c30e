import { readFileSync } from "node:fs";

/** Linux's USER_HZ: /proc reports CPU time in these ticks. */
const TICKS_PER_SECOND = 100;

/**
 * The CPU time (user + system) a process has used so far, in seconds, from /proc/<pid>/stat:
 * another process's cost, which process.cpuUsage() cannot see.
 */
export function processCpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces), counted from field 3 (state).
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return (utime + stime) / TICKS_PER_SECOND;
}
