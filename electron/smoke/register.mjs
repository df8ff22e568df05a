// Registers the loader hook that swaps `electron` for ./electron-stub.mjs (see ./run.mjs).
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url);
