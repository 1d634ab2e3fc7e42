/**
 * The associations the emulator keeps: a contact's or a deal's company (its `associatedcompanyid`), read
 * from either side (`associations=companies` on a contact, `associations=contacts` on a company), and set
 * on create through HubSpot's `associations` input with its default association type ids.
 */
import type { CrmRecord } from './crm-record.js';
import type { CrmStore } from './crm-store.js';
import { validationError } from './errors.js';
import { type ObjectType, resolveObjectType } from './object-types.js';

/** HubSpot's default type ids and labels of the company links, per object that holds one. */
const companyLink: Partial<
  Record<ObjectType, { typeIds: readonly number[]; toCompany: string; fromCompany: string }>
> = {
  contacts: { typeIds: [1, 279], toCompany: 'contact_to_company', fromCompany: 'company_to_contact' },
  deals: { typeIds: [5, 341], toCompany: 'deal_to_company', fromCompany: 'company_to_deal' },
};

export interface AssociationInput {
  to?: { id?: string };
  types?: Array<{ associationCategory?: string; associationTypeId?: number }>;
}

type AssociatedIds = { results: Array<{ id: string; type: string }> };

/** `associations` as the client sends it (repeated or comma separated), as object types. */
export function associationTypes(values: readonly string[] | undefined): ObjectType[] {
  const names =
    values
      ?.flatMap((value) => value.split(','))
      .map((name) => name.trim())
      .filter(Boolean) ?? [];
  // Unknown types are ignored, as HubSpot documents.
  return names.flatMap((name) => resolveObjectType(name) ?? []);
}

/** The record's associations of each asked type that it has, keyed as HubSpot keys them. */
export function associationsOf(
  store: CrmStore,
  type: ObjectType,
  record: CrmRecord,
  asked: readonly ObjectType[],
): Record<string, AssociatedIds> | undefined {
  const found: Record<string, AssociatedIds> = {};
  for (const other of asked) {
    const link = companyLink[type];
    if (link && other === 'companies') {
      const companyId = record.properties.associatedcompanyid;
      if (companyId && store.find('companies', companyId)) {
        found.companies = { results: [{ id: companyId, type: link.toCompany }] };
      }
    }
    const reverse = companyLink[other];
    if (type === 'companies' && reverse) {
      const results = store
        .live(other)
        .filter((candidate) => candidate.properties.associatedcompanyid === record.id)
        .map((candidate) => ({ id: candidate.id, type: reverse.fromCompany }));
      if (results.length > 0) found[other] = { results };
    }
  }
  return Object.keys(found).length > 0 ? found : undefined;
}

/** The company a create's `associations` names, checked against HubSpot's type ids for the pair. */
function associatedCompanyId(
  store: CrmStore,
  type: ObjectType,
  inputs: readonly AssociationInput[] | undefined,
): string | undefined {
  let companyId: string | undefined;
  for (const input of inputs ?? []) {
    const link = companyLink[type];
    const typeIds = (input.types ?? []).map((spec) => spec.associationTypeId);
    const id = input.to?.id === undefined ? undefined : String(input.to.id);
    if (!link || !typeIds.every((typeId) => typeId !== undefined && link.typeIds.includes(typeId))) {
      throw validationError(
        `association type ids ${typeIds.join(', ')} are not valid from ${type} to companies here`,
        [{ message: 'only the company association is emulated', in: 'associations' }],
      );
    }
    if (!id || !store.find('companies', id)) {
      throw validationError(`No company with id ${id} to associate with.`, [
        { message: `company ${id} does not exist`, in: 'associations' },
      ]);
    }
    companyId = id;
  }
  return companyId;
}

/** A create's properties with the associated company set, when its `associations` name one. */
export function withAssociatedCompany(
  store: CrmStore,
  type: ObjectType,
  properties: unknown,
  associations: readonly AssociationInput[] | undefined,
): unknown {
  const companyId = associatedCompanyId(store, type, associations);
  const isObject = typeof properties === 'object' && properties !== null && !Array.isArray(properties);
  return companyId === undefined || !isObject
    ? properties
    : { ...properties, associatedcompanyid: companyId };
}
