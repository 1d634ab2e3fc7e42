/**
 * The CRM object types the HubSpot emulator serves, by the names and type ids HubSpot accepts in a path
 * (`contacts` or `0-1`), and the property each one stamps on every write.
 */
export const objectTypes = ['contacts', 'companies', 'deals'] as const;
export type ObjectType = (typeof objectTypes)[number];

const typeIds: Record<string, ObjectType> = { '0-1': 'contacts', '0-2': 'companies', '0-3': 'deals' };

/** The object type a path names, or undefined when HubSpot would not know it. */
export function resolveObjectType(name: string): ObjectType | undefined {
  const lower = name.toLowerCase();
  return (objectTypes as readonly string[]).includes(lower) ? (lower as ObjectType) : typeIds[lower];
}

/** Contacts keep HubSpot's older name for the last-modified property; the other objects use `hs_`. */
export const lastModifiedProperty: Record<ObjectType, string> = {
  contacts: 'lastmodifieddate',
  companies: 'hs_lastmodifieddate',
  deals: 'hs_lastmodifieddate',
};

/** What an answer names the type as in messages ("Could not get some CONTACT objects"). */
export const singularName: Record<ObjectType, string> = {
  contacts: 'CONTACT',
  companies: 'COMPANY',
  deals: 'DEAL',
};
