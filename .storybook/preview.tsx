import type { Decorator, Preview } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { useState } from 'react';
import '../packages/react/src/styles.css';
import type { SpliceTheme } from '../packages/react/src/provider/splice-context.js';
import { SpliceProvider } from '../packages/react/src/provider/splice-provider.js';
import type { FakeBffScenario } from '../packages/react/src/test-utils/fake-bff.js';
import { createFakeBff } from '../packages/react/src/test-utils/fake-bff.js';

const pageColours: Record<SpliceTheme, { background: string; color: string }> = {
  light: { background: '#ffffff', color: '#1f2328' },
  dark: { background: '#0d1117', color: '#e6edf3' },
  system: { background: 'Canvas', color: 'CanvasText' },
};

function StoryFrame(props: {
  scenario: FakeBffScenario | undefined;
  theme: SpliceTheme;
  locale: string;
  children: ReactNode;
}) {
  // One stand-in BFF per story (the frame is keyed by story), so call counts start at zero.
  const [fetch] = useState(() => createFakeBff(props.scenario));
  return (
    <div
      data-story-frame=""
      style={{
        ...pageColours[props.theme],
        colorScheme: props.theme === 'system' ? 'light dark' : props.theme,
        padding: '1rem',
        minHeight: '100%',
        fontFamily: 'system-ui, sans-serif',
      }}
    >
      <SpliceProvider baseUrl="/bff" fetch={fetch} theme={props.theme} locale={props.locale}>
        {props.children}
      </SpliceProvider>
    </div>
  );
}

/**
 * Every story runs inside a SpliceProvider whose `fetch` is a stand-in BFF answering from the story's
 * `parameters.bff` scenario (see test-utils/fake-bff.ts), themed and localised by the toolbar (or the
 * story's globals: `ar` shows the right-to-left layout with the English catalogue).
 * Keyed by story so that each story starts with an empty query cache.
 */
const withSplice: Decorator = (Story, context) => (
  <StoryFrame
    key={context.id}
    scenario={context.parameters.bff as FakeBffScenario | undefined}
    theme={(context.globals.theme as SpliceTheme | undefined) ?? 'light'}
    locale={(context.globals.locale as string | undefined) ?? 'en'}
  >
    <Story />
  </StoryFrame>
);

const preview: Preview = {
  decorators: [withSplice],
  globalTypes: {
    theme: {
      description: 'Colour scheme of the Splice components',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
          { value: 'system', title: 'System', icon: 'browser' },
        ],
        dynamicTitle: true,
      },
    },
    locale: {
      description: 'Locale of the Splice components: their catalogue, formats and writing direction',
      toolbar: {
        title: 'Locale',
        icon: 'globe',
        items: [
          { value: 'en', title: 'English' },
          { value: 'de', title: 'Deutsch' },
          { value: 'fr', title: 'Français' },
          { value: 'es', title: 'Español' },
          { value: 'ar', title: 'Arabic (right to left, English words)' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light', locale: 'en' },
  parameters: {
    layout: 'fullscreen',
    controls: { matchers: { date: /Date$/i } },
    // Axe runs in the a11y panel; contrast and layout need a real browser, so e2e/ checks them in Chromium.
    a11y: { test: 'todo' },
  },
};

export default preview;
