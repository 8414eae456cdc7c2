import { defineConfig } from 'vitest/config';

// sandbox's jest setup keeps one socket a file (vitest ends a file's process before a socket opened
// for its last run has sent it) and reads jest's globals: `globals: true` gives vitest's
export default defineConfig({ test: { globals: true, setupFiles: ['./setup.cjs', '@ton/sandbox/dist/jest/uiSetup'] } });
