import type { StorybookConfig } from '@storybook/react-vite';

/**
 * Storybook for @splice/react: every component in every state a user can meet. Stories live beside the
 * components and import their source, so no build is needed first; a stand-in BFF (preview.tsx) answers
 * from fixture data. The machines have no internet: telemetry and update checks stay off.
 */
const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../packages/react/src/**/*.stories.tsx'],
  addons: ['@storybook/addon-a11y'],
  core: {
    disableTelemetry: true,
    disableWhatsNewNotifications: true,
  },
  // Rolldown warns about every `'use client'` it bundles (ours and TanStack Query's): harmless in a
  // Storybook build, and it buries real warnings.
  viteFinal(config) {
    const rolldownOptions = config.build?.rolldownOptions ?? {};
    const previous = rolldownOptions.onLog;
    return {
      ...config,
      build: {
        ...config.build,
        rolldownOptions: {
          ...rolldownOptions,
          onLog(level, log, handler) {
            if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
            if (previous) previous(level, log, handler);
            else handler(level, log);
          },
        },
      },
    };
  },
};

export default config;
