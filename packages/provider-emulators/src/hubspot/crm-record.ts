/** A CRM record as the emulator holds it: HubSpot's wire form, every property value a string. */
export interface CrmRecord {
  id: string;
  properties: Record<string, string | null>;
  createdAt: string;
  updatedAt: string;
  archived: boolean;
  archivedAt?: string;
}
