/** Bad settings: one line per problem in `problems` (and in `message`). */
export class ConfigError extends Error {
  readonly problems: readonly string[];

  constructor(problems: string | readonly string[]) {
    const lines = typeof problems === 'string' ? [problems] : problems;
    super(lines.join('\n'));
    this.problems = lines;
  }
}

/** Runs every check and then throws once, listing each problem (not only the first). */
export function collectProblems() {
  const problems: string[] = [];
  return {
    check<T>(parse: () => T): T {
      try {
        return parse();
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        problems.push(...error.problems);
        return undefined as T;
      }
    },
    throwIfAny(): void {
      if (problems.length > 0) throw new ConfigError(problems);
    },
  };
}
