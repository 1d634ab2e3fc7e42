/**
 * The wizard's view of the BFF's answer, named once here so the model does not care whether the types
 * come from the BFF's AppType or its schemas.
 */
export type {
  IntegrationDetails as Wizard,
  MappingInput,
  ProviderField,
  ReadObjectDetails as WizardReadObject,
  WriteObjectDetails as WizardWriteObject,
} from '../../../client/bff-routes.js';
