import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The longest files: those that start server processes (test/*.test.ts) and the property tests. */
const LONG = [/\/test\/[^/]+\.test\.ts$/, /\.property\.test\.ts$/, /\/plans\.test\.ts$/];

/**
 * Runs the longest files first, so the two workers end together. Vitest orders by the last
 * run's durations, which a fresh clone does not have (it would start with the largest files
 * and leave the server processes for last).
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const long = (f: TestSpecification) => LONG.some((re) => re.test(f.moduleId));
    return [...sorted.filter(long), ...sorted.filter((f) => !long(f))];
  }
}
