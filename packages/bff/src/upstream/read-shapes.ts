import {
  backfillProgressSchema as backfillProgressAnswer,
  objectReadStatusSchema as objectReadStatusAnswer,
  operationSchema as operationAnswer,
  operationMetadataSchema,
  readStatusSchema as readStatusAnswer,
  readTypeSchema,
} from '@splice/schema';
import * as z from 'zod/mini';

/**
 * The service's answers about reads, as the BFF reads them: the wire schemas of @splice/schema made
 * lenient (unknown keys are dropped, most fields optional). They are parsed only to build the browser's
 * status answer, which has its own strict schema, and nothing here is forwarded as it came. Where the
 * hosted service's answers differ from the embedded one's, the difference is named below.
 */

/** The hosted service may give the estimate as null where the provider has none. */
const estimateSchema = z.optional(z.nullable(backfillProgressAnswer.shape.recordsEstimatedTotal));

/**
 * `GET .../installations/{id}/objects/{objectName}/backfill-progress` (both services). The hosted answer
 * has no status: the operation of the same id in the operations list says whether it still runs.
 */
export const backfillProgressSchema = z.extend(
  z.partial(backfillProgressAnswer, { installationId: true, objectName: true }),
  { recordsEstimatedTotal: estimateSchema },
);
export type BackfillProgress = z.infer<typeof backfillProgressSchema>;

/** One object in the embedded service's `read-status` extension; the BFF builds the same for the hosted one. */
export const objectReadStatusSchema = z.partial(objectReadStatusAnswer, {
  paused: true,
  disabled: true,
  nextRunTime: true,
  lastRunTime: true,
  recordsDelivered: true,
  delivery: true,
});
export type ObjectReadStatus = z.infer<typeof objectReadStatusSchema>;

export const readStatusSchema = z.extend(z.partial(readStatusAnswer, { installationId: true }), {
  objects: z.array(objectReadStatusSchema),
});
export type ReadStatus = z.infer<typeof readStatusSchema>;

/**
 * An operation (hosted `Operation`), with the read details the embedded service puts in `metadata`. The
 * hosted service lists other kinds of operation too (`actionType` write or subscribe), and a read type
 * the BFF does not know reads as null rather than failing the list.
 */
export const operationSchema = z.extend(
  z.partial(z.omit(operationAnswer, { actionType: true }), {
    projectId: true,
    integrationId: true,
    installationId: true,
    configId: true,
  }),
  {
    metadata: z.optional(
      z.extend(operationMetadataSchema, {
        readType: z.optional(z.catch(z.nullable(readTypeSchema), null)),
        progress: z.optional(z.partial(backfillProgressSchema)),
      }),
    ),
  },
);
export type Operation = z.infer<typeof operationSchema>;

export const operationListSchema = z.object({ results: z.array(operationSchema) });
