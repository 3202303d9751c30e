/**
 * What must never reach a client: stack frames, SQL and database messages, file paths, and the
 * error codes of Node, fastify and undici (they name our internals and help an attacker aim).
 */
export const LEAK_PATTERNS: readonly RegExp[] = [
  /\n\s+at [\w.<>$]+ \(/,
  /\bat (async )?[\w.$]+ \((file:|node:|\/)/,
  /node_modules/,
  /\/work\//,
  /\/home\/|\/usr\/src\//,
  /\.ts:\d+/,
  /\bSELECT\s.+\sFROM\b/i,
  /\bINSERT INTO\b/i,
  /syntax error at or near/i,
  /invalid byte sequence/i,
  /duplicate key value violates/i,
  /\bERR_[A-Z_]{4,}\b/,
  /\bFST_[A-Z_]+\b/,
  /\bUND_ERR\w*/,
  /\bpostgres(ql)?:\/\/\S+/,
];

/** The first leak pattern a text matches, or undefined. */
export function findLeak(text: string): string | undefined {
  for (const pattern of LEAK_PATTERNS) {
    const match = pattern.exec(text);
    if (match) return `${pattern.source} matched ${JSON.stringify(match[0].slice(0, 80))}`;
  }
  return undefined;
}
