/**
 * The CRM object types the HubSpot emulator serves, by the names and type ids HubSpot accepts in a path
 * (`contacts` or `0-1`), and the property each one stamps on every write.
 */
export const objectTypes = ['contacts', 'companies', 'deals'] as const;
export type ObjectType = (typeof objectTypes)[number];

/** HubSpot also accepts an object's type id and its singular name. */
const aliases: Record<string, ObjectType> = {
  '0-1': 'contacts',
  '0-2': 'companies',
  '0-3': 'deals',
  contact: 'contacts',
  company: 'companies',
  deal: 'deals',
};

/** The object type a path names, or undefined when HubSpot would not know it. */
export function resolveObjectType(name: string): ObjectType | undefined {
  const lower = name.toLowerCase();
  if ((objectTypes as readonly string[]).includes(lower)) return lower as ObjectType;
  // Own keys only: a path such as `constructor` must not reach the object's prototype.
  return Object.hasOwn(aliases, lower) ? aliases[lower] : undefined;
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
