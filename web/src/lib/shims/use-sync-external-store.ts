// wouter imports useSyncExternalStore from the shim package for React 16 and
// 17; React 18+ has it built in, so the build and the tests point the shim
// here (vite.config.ts, resolve.alias) and leave its fallback code out.
export { useSyncExternalStore } from 'react';
