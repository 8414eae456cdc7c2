// Entry of the producer thread. Worker threads do not inherit a TypeScript loader in every host
// (vitest runs its own transform; `npm start` runs under tsx), so this plain module registers tsx
// itself and then loads the thread's TypeScript body.
import { register } from 'tsx/esm/api';

register();
await import('./producer-thread-body.ts');
