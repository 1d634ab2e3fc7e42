import * as z from 'zod/mini';
import { operationSchema as lenientOperationSchema } from '../upstream/read-shapes.js';

/**
 * `GET {base_url}/projects/{p}/operations/{id}` as this client reads it: the BFF's lenient operation
 * (optional ids, an unknown read type tolerated) with its kind, which the hosted service names as a free
 * string (`read`, `write`, `subscribe`).
 */
export const operationAnswerSchema = z.extend(lenientOperationSchema, {
  actionType: z.optional(z.string()),
});
export type OperationAnswer = z.infer<typeof operationAnswerSchema>;
