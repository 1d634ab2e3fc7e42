/** The one integration Northwind offers its customers (the embedded service's demo manifest). */
export const crmIntegrationId = 'crm-sync';
