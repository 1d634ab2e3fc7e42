/// <reference types="vite/client" />
import { composeStories, setProjectAnnotations } from '@storybook/react';
import { describe, it } from 'vitest';
import * as preview from '../../../.storybook/preview.js';

// The stories' own decorators and globals (the stand-in BFF, the theme), as in Storybook.
setProjectAnnotations(preview);

type StoriesModule = Parameters<typeof composeStories>[0];
/** What the test needs of a composed story: render it, then run its play function. */
type RunnableStory = { run: () => Promise<void> };
const modules = import.meta.glob<StoriesModule>('./**/*.stories.tsx', { eager: true });

/**
 * Every story of every stories file, rendered in jsdom with its `play` function run (portable stories):
 * the interaction checks of Storybook run in `pnpm test` without a browser or a Storybook build.
 */
for (const [path, stories] of Object.entries(modules)) {
  describe(path.replace(/^\.\//, ''), () => {
    const composed = Object.entries(composeStories(stories)) as [string, RunnableStory][];
    for (const [name, story] of composed) {
      // jsdom is slow with big DOMs (the 2,000-field story) on a busy 2-core machine: room to finish.
      it(name, { timeout: 20_000 }, async () => {
        await story.run();
      });
    }
  });
}
