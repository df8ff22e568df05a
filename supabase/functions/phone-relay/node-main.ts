/** The standalone relay's entry (bundled to dist-relay/relay.mjs by `npm run build:relay`). */
import { processEnv, runRelayProcess } from './node-server.ts';

await runRelayProcess(processEnv());
