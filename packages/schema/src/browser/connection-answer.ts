import * as z from 'zod/mini';
import { connectionSchema } from '../resources/installation.js';

/**
 * `GET /integrations/:integrationId/connection` (BFF): the session group's connection to the
 * integration's provider, without credentials; null before the first connect.
 */
export const connectionAnswerSchema = z.object({ connection: z.nullable(connectionSchema) });
export type ConnectionAnswer = z.infer<typeof connectionAnswerSchema>;
