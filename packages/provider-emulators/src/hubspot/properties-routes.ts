/** `GET /crm/v3/properties/{objectType}` (and one property by name): each type's property definitions. */
import { Hono } from 'hono';
import { HubSpotError } from './errors.js';
import { propertyDefinitions } from './properties.js';
import { objectTypeOf } from './request.js';

export function propertiesRoutes() {
  return new Hono()
    .get('/:objectType', (c) => {
      // HubSpot keeps no archived definitions among its defaults: `archived=true` lists none.
      const archived = c.req.query('archived') === 'true';
      const results = archived ? [] : [...propertyDefinitions[objectTypeOf(c)].values()];
      return c.json({ results });
    })
    .get('/:objectType/:propertyName', (c) => {
      const name = c.req.param('propertyName');
      const definition = propertyDefinitions[objectTypeOf(c)].get(name);
      if (!definition) {
        throw new HubSpotError('OBJECT_NOT_FOUND', `Unable to find property with name: ${name}`, {
          context: { propertyName: [name] },
        });
      }
      return c.json(definition);
    });
}
