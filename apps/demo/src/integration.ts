/**
 * The integration Northwind's pages serve (the embedded service's demo manifest, on the sandbox CRM). The
 * install page also installs the manifest's others (HubSpot sync, Salesforce sync) when the URL names one.
 */
export const crmIntegrationId = 'crm-sync';
