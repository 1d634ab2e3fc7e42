import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'sandbox-data', environment: 'node' } });
