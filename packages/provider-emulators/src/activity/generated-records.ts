/**
 * New records in the generator's own vocabulary: the people, companies and deals the seeded data set
 * would have held had it been larger. The emulated account's records are the data set's first N of each
 * object, so its continuation (same seed, same company count) gives new records whose companies, email
 * domains, countries, phones and picklist values fit the ones already there.
 */
import { generateSandboxData, type SandboxCounts, type SandboxRecord } from '@splice/sandbox-data';

export type RecordKind = 'contact' | 'company' | 'deal';

/** Unbounded: the generator makes contacts and deals lazily, one at a time, so nothing is drawn ahead. */
const endless = Number.MAX_SAFE_INTEGER;

export class GeneratedRecords {
  private contacts?: Iterator<SandboxRecord>;
  private deals?: Iterator<SandboxRecord>;
  private companiesMade = 0;

  constructor(
    private readonly counts: SandboxCounts,
    private readonly seed: number,
  ) {}

  /** The next record of a kind after the account's generated ones. */
  next(kind: RecordKind): SandboxRecord {
    if (kind === 'company') {
      // Companies come out eagerly (contacts borrow their names), so the next one is the last of a larger set.
      this.companiesMade++;
      const grown = { contacts: 0, deals: 0, companies: this.counts.companies + this.companiesMade };
      return generateSandboxData(grown, this.seed).companies.at(-1)!;
    }
    if (kind === 'contact') {
      this.contacts ??= this.continuation('contacts');
      return this.contacts.next().value as SandboxRecord;
    }
    this.deals ??= this.continuation('deals');
    return this.deals.next().value as SandboxRecord;
  }

  /** The object's stream past the account's records (skipped once, on the first new record). */
  private continuation(object: 'contacts' | 'deals'): Iterator<SandboxRecord> {
    const data = generateSandboxData(
      { contacts: endless, companies: this.counts.companies, deals: endless },
      this.seed,
    );
    const iterator = data[object][Symbol.iterator]();
    for (let skipped = 0; skipped < this.counts[object]; skipped++) iterator.next();
    return iterator;
  }
}
