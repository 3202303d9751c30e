import { writeFileSync } from "node:fs";
import { relative } from "node:path";
import type { Reporter, TestModule, Vitest } from "vitest/node";

/** One test file's cost to the worker that ran it, in milliseconds. */
export interface FileTime {
  file: string;
  /** Importing the file and what it imports (vite's transform included). */
  collectMs: number;
  /** Its tests and hooks: a beforeAll that starts a whole Kurz counts here, unlike in vitest's JSON. */
  runMs: number;
}

/**
 * Where a run's time goes, per file: vitest's JSON report times a file from its first test to its
 * last, so a file whose beforeAll starts an embedded Kurz looks short. This reporter writes every
 * file's import and tests-plus-hooks time to the file named by KURZ_TEST_FILE_TIMES (JSON lines,
 * appended, so two runs of scripts/test.sh add up); nothing when it is unset.
 */
export default class FileTimeReporter implements Reporter {
  private root = process.cwd();
  private readonly rows: FileTime[] = [];

  onInit(vitest: Vitest): void {
    this.root = vitest.config.root;
  }

  onTestModuleEnd(testModule: TestModule): void {
    const diagnostic = testModule.diagnostic();
    this.rows.push({
      file: relative(this.root, testModule.moduleId),
      collectMs: Math.round(diagnostic.collectDuration),
      runMs: Math.round(diagnostic.duration),
    });
  }

  onTestRunEnd(): void {
    const target = process.env.KURZ_TEST_FILE_TIMES;
    if (!target || this.rows.length === 0) return;
    writeFileSync(target, this.rows.map((row) => `${JSON.stringify(row)}\n`).join(""), { flag: "a" });
  }
}
