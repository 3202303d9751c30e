/** Longest prefix first, as the edge matches; ties by prefix so the order is stable. */
export function sortRoutes<T extends { prefix: string }>(routes: readonly T[]): T[] {
  return [...routes].sort((a, b) => b.prefix.length - a.prefix.length || a.prefix.localeCompare(b.prefix));
}
