// Entry of a frame reader thread (frame-readers.ts). Worker threads do not inherit a TypeScript
// loader in every host (vitest runs its own transform; `npm run sandbox` runs under tsx), so this
// plain module registers tsx itself and then loads the thread's TypeScript body.
import { register } from 'tsx/esm/api';

register();
await import('./frame-reader-thread.ts');
