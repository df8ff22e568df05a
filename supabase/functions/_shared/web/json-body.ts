/** Moved to `../platform/validate.ts`; re-exported until the engine moves onto the platform layer. */
export { readJsonBody } from '../platform/validate.ts';
