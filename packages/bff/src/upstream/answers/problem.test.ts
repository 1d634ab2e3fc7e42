import { describe, expect, it } from 'vitest';
import { readProblem } from './problem.js';

describe('readProblem: a 4xx answer as the hosted description allows it', () => {
  it('fills an absent type, title and status from RFC 9457’s defaults and the HTTP status', () => {
    expect(readProblem({}, 409)).toEqual({ type: 'about:blank', title: 'Conflict', status: 409, issues: [] });
    expect(readProblem({ status: 'bad' }, 422)).toMatchObject({
      status: 422,
      title: 'Unprocessable Content',
    });
  });

  it('keeps issues without detail, in or name, with only what they carry', () => {
    const problem = readProblem(
      {
        type: 'urn:problem-type:sample-read-failed',
        issues: [
          { name: 'config.content.read.objects.person.selectedFields.shoe' },
          { detail: 'The field is not visible to the connected user.' },
          'junk',
          { in: 'cookie', name: 'x', type: 7 },
        ],
      },
      422,
    );
    expect(problem?.issues).toEqual([
      { type: 'about:blank', name: 'config.content.read.objects.person.selectedFields.shoe' },
      { type: 'about:blank', detail: 'The field is not visible to the connected user.' },
      { type: 'about:blank', name: 'x' },
    ]);
  });

  it('is not a problem when the body is not a JSON object', () => {
    expect(readProblem('Not Found', 404)).toBeUndefined();
    expect(readProblem([], 404)).toBeUndefined();
    expect(readProblem(undefined, 404)).toBeUndefined();
  });
});
