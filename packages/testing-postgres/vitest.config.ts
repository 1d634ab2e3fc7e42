import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'testing-postgres', environment: 'node' },
});
