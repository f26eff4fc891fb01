import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

// Same resolve settings (the @notenest/shared source alias) as the app build.
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // Tests may only talk to loopback (shared with the emulator suites).
      setupFiles: ['../emulator/src/testing/loopback-only.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
      // expect.poll's own default (1 s) is shorter than a page takes to load Auth or hydrate on a
      // loaded 2-core CI machine: two CI runs failed there while passing here. A poll still ends
      // as soon as its value matches, so this only changes how long a real failure takes.
      expect: { poll: { timeout: 15_000 } },
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            environment: 'node',
            // Files share their worker's process and modules (none keeps global state past its
            // own hooks): with a fresh process per file, unit and component took 58.5 s of CPU,
            // 20 s without (2 cores). The browser and e2e files keep their isolation.
            isolate: false,
            include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
            exclude: [
              'src/**/*.browser.test.ts',
              'src/**/*.e2e.test.ts',
              'src/**/*.component.test.tsx',
            ],
          },
        },
        // Components and hooks rendered with React Testing Library in jsdom: under the Playwright
        // suites, fast, for what a component shows for each state.
        {
          extends: true,
          test: {
            name: 'component',
            environment: 'jsdom',
            isolate: false,
            // Added to the loopback guard above (projects extend the root's setup files).
            setupFiles: ['./src/testing/jsdom-setup.ts'],
            include: ['src/**/*.component.test.tsx'],
          },
        },
        // Serves the production build (web/dist) and drives headless Chromium: run after a build.
        {
          extends: true,
          test: {
            name: 'browser',
            include: ['src/**/*.browser.test.ts'],
            // Some cases open several pages in turn; beside the other lane's stack, on a loaded
            // 2-core machine, four page loads once took over 30 s.
            testTimeout: 60_000,
          },
        },
        // The whole stack (emulators, functions, Hosting of web/dist, demo data) on a random
        // loopback address, ONE for the run, read in tests with inject('testStack'): how to write
        // one is at the top of test/support/stack.ts. Needs `npm run build` (root) first.
        {
          extends: true,
          test: {
            name: 'e2e',
            include: ['src/**/*.e2e.test.ts'],
            globalSetup: ['../test/support/web-e2e-setup.ts'],
            // One file at a time: files approve, like and comment on the shared stack, and Browse
            // asserts the seeded list (newest first). Each file removes the notes it made in
            // afterAll; run side by side, one file's short-lived note would show in another's list.
            fileParallelism: false,
            testTimeout: 60_000,
            hookTimeout: 240_000,
          },
        },
      ],
    },
  }),
);
