import { readFileSync } from 'node:fs';
import type { Manifest } from '@splice/schema';
import { describeZodIssue, formatPath, manifestSchema, valueAt } from '@splice/schema';
import { isMap, isSeq, LineCounter, parseDocument } from 'yaml';

/** A manifest that cannot be used; the message names the file, line and path of each problem. */
export class ManifestError extends Error {
  override name = 'ManifestError';
}

/** The YAML node at a path, for the line number of a schema problem. */
function lineOf(doc: ReturnType<typeof parseDocument>, path: readonly PropertyKey[], lines: LineCounter) {
  let node: unknown = doc.contents;
  let lastRange: [number, number, number] | undefined;
  for (const key of path) {
    const range = (node as { range?: [number, number, number] } | null)?.range;
    if (range) lastRange = range;
    if (isMap(node)) node = node.get(key as string, true);
    else if (isSeq(node)) node = node.get(key as number, true);
    else break;
  }
  const range = (node as { range?: [number, number, number] } | null)?.range ?? lastRange;
  return range ? lines.linePos(range[0]).line : undefined;
}

/** Parses and validates a manifest's YAML text. */
export function parseManifest(text: string, source = 'manifest'): Manifest {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: true, uniqueKeys: true });
  if (doc.errors.length > 0) {
    const messages = doc.errors.map(
      (e) => `${source}:${e.linePos?.[0]?.line ?? '?'}: ${e.message.split('\n')[0]}`,
    );
    throw new ManifestError(`The manifest is not valid YAML:\n  ${messages.join('\n  ')}`);
  }
  const input: unknown = doc.toJS();
  const result = manifestSchema.safeParse(input);
  if (!result.success) {
    const messages = result.error.issues.map((issue) => {
      const line = lineOf(doc, issue.path, lines);
      const keys = issue.code === 'unrecognized_keys' ? ` (${issue.keys.join(', ')})` : '';
      const detail = describeZodIssue(issue, valueAt(input, issue.path));
      return `${source}:${line ?? '?'}: ${formatPath(issue.path) || '(root)'}: ${detail}${keys}`;
    });
    throw new ManifestError(`The manifest does not match the manifest schema:\n  ${messages.join('\n  ')}`);
  }
  return result.data;
}

export function loadManifest(path: string): Manifest {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ManifestError(`Cannot read the manifest at ${path}: ${(error as Error).message}`);
  }
  return parseManifest(text, path);
}
