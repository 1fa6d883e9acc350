// Types of scripts/steps.mjs for the TypeScript that imports it (its test).

/** A step's failure: the run ends with `status`. */
export declare class StepFailed extends Error {
  constructor(title: string, status: number, reason: string)
  readonly title: string
  readonly status: number
}

/** One child process of the run. */
export interface Step {
  title: string
  command: string
  args: string[]
  env?: NodeJS.ProcessEnv
}

/** A step's title, outcome and seconds, for the summary. */
export interface Duration {
  title: string
  /** ⏹: stopped because another step failed. */
  outcome: '✔' | '✖' | '⏹' | '⏭'
  seconds?: number
  lane?: string
}

export interface Runner {
  readonly durations: Duration[]
  /** Runs one step (its output kept until it ends when `buffered`, at CPU priority `nice`); resolves with its seconds. */
  runStep(step: Step, options?: { buffered?: boolean; lane?: string; nice?: number }): Promise<number>
  /** Stops every running step (its whole process group). */
  stopAll(): void
  /** Prints a line between the live lane's lines. */
  say(text: string): void
  /** Records a step that did not run. */
  skipped(title: string): void
  /** Records a step that is not a process (a wait). */
  record(title: string, seconds: number, lane?: string, outcome?: '✔' | '✖'): void
  /** Runs the lanes side by side; the first failure stops the others and is thrown once they are gone. */
  all(lanes: Array<() => Promise<unknown>>): Promise<void>
  /** Prints every step's outcome and seconds, and the total. */
  summary(): void
}

/** A runner of steps that records every step's time, and a summary printer. */
export declare function createRunner(io?: { write?: (text: string) => void; now?: () => number }): Runner
