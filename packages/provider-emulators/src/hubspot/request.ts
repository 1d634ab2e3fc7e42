/** Reading what a CRM request carries: its object type, JSON body and paging numbers, HubSpot's way. */
import type { Context } from 'hono';
import { parsedBody } from '../http/parsed-body.js';
import { HubSpotError, validationError } from './errors.js';
import { type ObjectType, resolveObjectType } from './object-types.js';

export function objectTypeOf(c: Context): ObjectType {
  const name = c.req.param('objectType') ?? '';
  const type = resolveObjectType(name);
  if (!type) throw new HubSpotError('VALIDATION_ERROR', `Unable to infer object type from: ${name}`);
  return type;
}

/** The body as JSON; a body that is not JSON is a 400 like HubSpot's "Invalid input JSON". */
export async function jsonBody<T>(c: Context): Promise<T> {
  try {
    return (await parsedBody(c)) as T;
  } catch (error) {
    throw validationError(`Invalid input JSON: ${(error as Error).message}`);
  }
}

/** A whole number query parameter within bounds, its default when absent, else a 400 naming it. */
export function intParam(c: Context, name: string, fallback: number, max: number): number {
  const raw = c.req.query(name);
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw validationError(`${name} must be a whole number from 1 to ${max}, it was ${raw}.`, [
      { message: `at most ${max}`, in: name },
    ]);
  }
  return value;
}

export const booleanParam = (c: Context, name: string): boolean => c.req.query(name) === 'true';
