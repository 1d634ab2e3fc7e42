// Imports @splice/react as installed from its tarball and renders every exported component to a string
// with react-dom/server, inside a SpliceProvider. Prints JSON: { components: { name: html | { error } } }.
import * as library from '@splice/react';
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';

const child = h('span', { 'data-probe': 'child' }, 'child');

/** Props per component; a component missing here is rendered without props (and may fail: add it). */
const props = {
  SpliceProvider: { baseUrl: '/api', theme: 'dark', children: child },
  SpliceErrorBoundary: { children: child },
  InstallationWizard: { integrationId: 'crm-sync' },
  SearchBox: { integrationId: 'crm-sync' },
  BackfillPicker: { defaultValue: { defaultPeriod: { days: 30 } } },
  InviteForm: {},
};

/** A component: a function named in PascalCase that is not an Error class (class components count). */
const isComponent = (name, value) =>
  typeof value === 'function' &&
  /^[A-Z]/.test(name) &&
  !(value.prototype instanceof Error) &&
  (value.prototype?.isReactComponent !== undefined ||
    !/^class\b/.test(Function.prototype.toString.call(value)));

const components = {};
for (const [name, value] of Object.entries(library)) {
  if (!isComponent(name, value)) continue;
  try {
    const element = h(value, props[name] ?? {});
    components[name] = renderToString(
      name === 'SpliceProvider' ? element : h(library.SpliceProvider, { baseUrl: '/api' }, element),
    );
  } catch (error) {
    components[name] = { error: String(error?.stack ?? error) };
  }
}
process.stdout.write(JSON.stringify({ components, window: typeof window }));
