/**
 * The emulated org's records, in memory (a restart starts from the generated data set again), each
 * object's in creation order, which is also the order of a query without ORDER BY.
 */
import { type SObjectRecord, salesforceDatetime, salesforceId } from './data-set.js';
import { salesforceError } from './errors.js';
import { checkFieldValues } from './field-values.js';
import { type SObjectName, sobjectNames } from './sobjects.js';

interface ObjectTable {
  ordered: SObjectRecord[];
  byId: Map<string, SObjectRecord>;
  nextSequence: number;
}

export class OrgStore {
  private readonly tables: Record<SObjectName, ObjectTable>;

  constructor(
    records: Record<SObjectName, SObjectRecord[]>,
    private readonly now: () => number = Date.now,
  ) {
    this.tables = Object.fromEntries(
      sobjectNames.map((name) => [
        name,
        {
          ordered: [...records[name]],
          byId: new Map(records[name].map((record) => [record.Id as string, record])),
          nextSequence: records[name].length + 1,
        },
      ]),
    ) as Record<SObjectName, ObjectTable>;
  }

  /** The records a query sees: not deleted, in creation order. */
  live(sobject: SObjectName): SObjectRecord[] {
    return this.tables[sobject].ordered.filter((record) => record.IsDeleted !== true);
  }

  /** Every record, the recycle bin's deleted ones (`IsDeleted`) too, in creation order: what queryAll sees. */
  all(sobject: SObjectName): readonly SObjectRecord[] {
    return this.tables[sobject].ordered;
  }

  get(sobject: SObjectName, id: string): SObjectRecord {
    const record = this.tables[sobject].byId.get(id);
    if (!record || record.IsDeleted === true) {
      throw salesforceError('NOT_FOUND', 'The requested resource does not exist');
    }
    return record;
  }

  create(sobject: SObjectName, input: unknown): SObjectRecord {
    const fields = checkFieldValues(sobject, input, true);
    const table = this.tables[sobject];
    const at = this.stampAfter();
    const record: SObjectRecord = {
      Id: salesforceId(sobject, table.nextSequence++),
      IsDeleted: false,
      CreatedDate: at,
      LastModifiedDate: at,
      SystemModstamp: at,
      ...(sobject === 'Opportunity' && { IsWon: fields.StageName === 'Closed Won' }),
      ...fields,
    };
    table.ordered.push(record);
    table.byId.set(record.Id as string, record);
    return record;
  }

  update(sobject: SObjectName, id: string, input: unknown): SObjectRecord {
    const record = this.get(sobject, id);
    const fields = checkFieldValues(sobject, input, false);
    const at = this.stampAfter(record);
    Object.assign(record, fields, { LastModifiedDate: at, SystemModstamp: at });
    if (sobject === 'Opportunity') record.IsWon = record.StageName === 'Closed Won';
    return record;
  }

  /**
   * Sets a live record's modification time to another instant (never before its creation), as if its last
   * change happened then: the org's recent past, given at the start. Nothing else of the record changes.
   */
  backdate(sobject: SObjectName, id: string, at: number): void {
    const record = this.get(sobject, id);
    const created = Date.parse(String(record.CreatedDate).replace(/\+0000$/, 'Z'));
    const stamp = salesforceDatetime(new Date(Math.max(at, created)).toISOString());
    Object.assign(record, { LastModifiedDate: stamp, SystemModstamp: stamp });
  }

  delete(sobject: SObjectName, id: string): void {
    const record = this.get(sobject, id);
    const at = this.stampAfter(record);
    Object.assign(record, { IsDeleted: true, SystemModstamp: at });
  }

  /**
   * Now, as Salesforce writes a datetime, but always after the record's last `SystemModstamp`: two writes
   * to one record within a millisecond still get distinct stamps, so a read by modification time can tell
   * them apart.
   */
  private stampAfter(record?: SObjectRecord): string {
    const previous = record ? Date.parse(String(record.SystemModstamp).replace(/\+0000$/, 'Z')) : Number.NaN;
    const at = Number.isNaN(previous) ? this.now() : Math.max(this.now(), previous + 1);
    return salesforceDatetime(new Date(at).toISOString());
  }
}
