import type { Config } from 'tailwindcss';

// Tailwind 4 reads its theme from CSS; this file (loaded with `@config` in src/web/styles.css) keeps
// the content globs and dark-mode strategy in one typed place.
export default {
  content: ['./index.html', './src/web/**/*.{ts,tsx}'],
  darkMode: 'class',
} satisfies Config;
