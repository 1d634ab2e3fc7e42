/** Reading what a Salesforce REST request carries: its sObject and its JSON body. */
import type { Context } from 'hono';
import { parsedBody } from '../http/parsed-body.js';
import { salesforceError } from './errors.js';
import { resolveSObject, type SObjectName } from './sobjects.js';

export function sobjectOf(c: Context, name = c.req.param('sobject') ?? ''): SObjectName {
  const sobject = resolveSObject(name);
  if (!sobject)
    throw salesforceError('NOT_FOUND', `The requested resource does not exist: sObject type '${name}'`);
  return sobject;
}

export async function jsonBody<T>(c: Context): Promise<T> {
  try {
    return (await parsedBody(c)) as T;
  } catch (error) {
    throw salesforceError('JSON_PARSER_ERROR', `The request body is not JSON: ${(error as Error).message}`);
  }
}
