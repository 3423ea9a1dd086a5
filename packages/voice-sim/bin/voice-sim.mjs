#!/usr/bin/env node
// `npx voice-sim`: the package is TypeScript source (as the server imports it), so the command
// runs it through tsx's loader.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
