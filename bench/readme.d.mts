// Types of bench/readme.mjs for the TypeScript that imports it (its test).

/** Where and how busy a run was, as its JSON copy and heading say. */
export interface RunInfo {
  date: string
  file: string
  machine: { cores: number; cpu?: string; memoryGb?: number; node?: string }
  load: { min: number; max: number }
}

/** The heading of a run: when, where its JSON copy is, the machine, and how busy it was. */
export declare function runHeading(run: Required<RunInfo>): string

/** The run CONTRIBUTING.md's table quotes, read back from its JSON copy. */
export declare function quotedRun(
  readme: string,
  root?: string,
): RunInfo & { results: Record<string, unknown> }

/** The line that says which rows a later `--only` run replaced. */
export declare function partsHeading(parts: string[], run: RunInfo): string

/** The document with its benchmark run (heading and table) replaced. */
export declare function withBenchRun(readme: string, heading: string, table: string): string
