import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Without `globals: true` Testing Library cannot register its own cleanup, so each test unmounts here.
afterEach(() => {
  cleanup();
});
