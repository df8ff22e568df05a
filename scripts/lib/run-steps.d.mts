// Types of run-steps.mjs (plain JavaScript so that `npm test` runs before `npm install` has).

export interface StepOutcome {
  /** 0 = passed. */
  status: number;
  output: string;
}

export interface Step {
  name: string;
  /** How many cores the step keeps busy (a fraction for a step that mostly waits). */
  cores: number;
  /** Steps that must pass first (names of steps left out of the run are ignored). */
  needs?: string[];
  /** Steps that must have ended, passed or failed, first (names left out of the run are ignored). */
  after?: string[];
  run(): Promise<StepOutcome>;
}

export interface StepResult extends StepOutcome {
  startedAt: number;
  ms: number;
}

export function runSteps<S extends Step>(
  steps: S[],
  options: { cores: number; onStart?: (step: S) => void; onFinish?: (step: S, result: StepResult) => void },
): Promise<Map<string, StepResult>>;
