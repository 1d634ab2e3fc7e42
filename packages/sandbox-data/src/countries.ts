/**
 * The countries the generated records live in: ISO 3166 code, name and calling code. The generator draws
 * contacts' and companies' countries from these codes and builds phone numbers from the calling codes; a
 * provider that serves the records offers the same list as its country picklist.
 */
export const countries = [
  ['US', 'United States', '1'],
  ['GB', 'United Kingdom', '44'],
  ['DE', 'Germany', '49'],
  ['FR', 'France', '33'],
  ['NL', 'Netherlands', '31'],
  ['ES', 'Spain', '34'],
  ['IT', 'Italy', '39'],
  ['SE', 'Sweden', '46'],
  ['CA', 'Canada', '1'],
  ['AU', 'Australia', '61'],
  ['BR', 'Brazil', '55'],
  ['IN', 'India', '91'],
  ['JP', 'Japan', '81'],
  ['SG', 'Singapore', '65'],
] as const;
