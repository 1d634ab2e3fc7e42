/** Small word lists the generator draws realistic names from. ASCII only, so emails and domains are valid. */

// biome-ignore format: dense word lists read better than one word per line
export const firstNames = [
  'James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth',
  'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Daniel', 'Karen',
  'Matthew', 'Nancy', 'Anthony', 'Lisa', 'Mark', 'Sandra', 'Paul', 'Ashley', 'Steven', 'Emily',
  'Andrew', 'Michelle', 'Joshua', 'Amanda', 'Kevin', 'Melissa', 'Brian', 'Stephanie', 'Lukas', 'Sophie',
  'Hannah', 'Felix', 'Emma', 'Louis', 'Camille', 'Hugo', 'Chloe', 'Pablo', 'Lucia', 'Mateo',
  'Giulia', 'Marco', 'Freja', 'Oskar', 'Priya', 'Arjun', 'Ananya', 'Rohan', 'Yuki', 'Haruto',
  'Sakura', 'Wei', 'Mei', 'Lucas', 'Ana', 'Gabriel', 'Julia', 'Noah', 'Olivia', 'Liam',
] as const;

// biome-ignore format: dense word lists read better than one word per line
export const lastNames = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee',
  'Thompson', 'White', 'Harris', 'Clark', 'Lewis', 'Walker', 'Young', 'Allen', 'King', 'Wright',
  'Mueller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Dubois', 'Laurent', 'Bernard', 'Moreau',
  'Rossi', 'Russo', 'Ferrari', 'Esposito', 'Jansen', 'DeVries', 'Bakker', 'Andersson', 'Johansson', 'Nilsson',
  'Sharma', 'Patel', 'Singh', 'Gupta', 'Tanaka', 'Suzuki', 'Takahashi', 'Watanabe', 'Chen', 'Wang',
  'Tan', 'Lim', 'Silva', 'Santos', 'Oliveira', 'Souza', 'OBrien', 'Murphy', 'Kelly', 'Campbell',
] as const;

// biome-ignore format: dense word lists read better than one word per line
export const jobTitles = [
  'Chief Executive Officer', 'Chief Technology Officer', 'Chief Financial Officer', 'VP of Sales',
  'VP of Marketing', 'Head of Operations', 'Sales Manager', 'Account Executive', 'Marketing Manager',
  'Product Manager', 'Software Engineer', 'Engineering Manager', 'Data Analyst', 'Customer Success Manager',
  'Operations Manager', 'Procurement Specialist', 'IT Director', 'HR Business Partner', 'Office Manager',
  'Business Development Representative', 'Solutions Architect', 'Finance Controller', 'Founder',
] as const;

// biome-ignore format: dense word lists read better than one word per line
export const companyPrefixes = [
  'Northwind', 'Blue Harbor', 'Silverline', 'Redwood', 'Brightpath', 'Ironclad', 'Summit', 'Evergreen',
  'Cobalt', 'Granite', 'Lighthouse', 'Pioneer', 'Crescent', 'Horizon', 'Keystone', 'Maple', 'Nimbus',
  'Orchid', 'Polaris', 'Quantum', 'Riverbend', 'Sapphire', 'Tidewater', 'Unity', 'Vertex', 'Willow',
  'Atlas', 'Beacon', 'Cedar', 'Delta', 'Ember', 'Falcon', 'Golden Gate', 'Harbor Point', 'Indigo', 'Juniper',
  'Kestrel', 'Lumen', 'Meridian', 'Northstar', 'Oakridge', 'Pinnacle', 'Rainier', 'Stonebridge', 'Trident',
] as const;

/** Company name endings with the industry (a value of the `industry` picklist) they suggest. */
// biome-ignore format: dense word lists read better than one word per line
export const companySuffixes = [
  ['Logistics', 'logistics'], ['Freight', 'logistics'], ['Analytics', 'software'], ['Systems', 'software'],
  ['Labs', 'software'], ['Software', 'software'], ['Cloud', 'software'], ['Security', 'software'],
  ['Health', 'healthcare'], ['Biotech', 'healthcare'], ['Capital', 'financial_services'],
  ['Partners', 'financial_services'], ['Insurance', 'financial_services'], ['Foods', 'retail'],
  ['Retail', 'retail'], ['Outfitters', 'retail'], ['Energy', 'energy'], ['Media', 'media'], ['Studios', 'media'],
  ['Robotics', 'manufacturing'], ['Manufacturing', 'manufacturing'], ['Devices', 'manufacturing'],
  ['Networks', 'telecommunications'], ['Telecom', 'telecommunications'], ['Learning', 'education'],
  ['Realty', 'real_estate'], ['Hotels', 'hospitality'],
] as const;

// biome-ignore format: dense word lists read better than one word per line
export const legalForms = ['Inc.', 'LLC', 'Ltd', 'GmbH', 'Group', 'Holdings', 'Co.', 'SA'] as const;

// biome-ignore format: dense word lists read better than one word per line
export const topLevelDomains = ['com', 'io', 'co', 'net', 'ai'] as const;

// biome-ignore format: dense word lists read better than one word per line
export const dealProducts = [
  'Enterprise Plan', 'Professional Plan', 'Starter Plan', 'Annual Renewal', 'Platform Upgrade',
  'Onboarding Services', 'Support Add-on', 'Data Migration', 'Expansion Seats', 'Pilot Project',
] as const;
