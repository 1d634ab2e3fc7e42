import type { UpstreamProblemBody } from './answers/problem.js';

/** The service answered with a problem object (a 4xx): a decided answer, to be re-told to the browser. */
export class UpstreamProblem extends Error {
  override readonly name = 'UpstreamProblem';

  constructor(
    readonly operation: string,
    readonly status: number,
    readonly problem: UpstreamProblemBody,
  ) {
    super(`${operation}: upstream ${status} ${problem.type}`);
  }
}
