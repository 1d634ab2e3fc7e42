import type { ConfigContent, Issue } from '@splice/schema';
import { formatPath, issueTypes } from '@splice/schema';

/**
 * The hosted service maps one provider value per app value (`selectedValueMappings` is a map of strings);
 * several provider values for one app value is an extension of the embedded service. Without the
 * extensions, such a mapping is refused here, each one named, instead of being sent upstream to fail in
 * the hosted service's words.
 */
export function hostedValueMappingIssues(
  content: Pick<ConfigContent, 'read'> | undefined,
  at: readonly string[],
): Issue[] {
  const issues: Issue[] = [];
  for (const [objectName, object] of Object.entries(content?.read?.objects ?? {})) {
    for (const [fieldName, mapping] of Object.entries(object.selectedValueMappings ?? {})) {
      for (const [appValue, providerValues] of Object.entries(mapping)) {
        if (typeof providerValues === 'string') continue;
        issues.push({
          type: issueTypes.invalidProperty,
          title: 'Invalid property',
          detail: `Map "${appValue}" to one CRM value: this service maps one CRM value to each app value.`,
          in: 'body',
          name: formatPath([
            ...at,
            'read',
            'objects',
            objectName,
            'selectedValueMappings',
            fieldName,
            appValue,
          ]),
          value: providerValues,
        });
      }
    }
  }
  return issues;
}
