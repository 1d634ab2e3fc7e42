import type { WriteBatchResponse, WriteSingleResponse } from '@splice/schema';

/** A write's answer: 200 when every record was written, 422 with each failed record's reason otherwise. */
export interface WriteAnswer {
  status: 200 | 422;
  body: WriteSingleResponse | WriteBatchResponse;
}
