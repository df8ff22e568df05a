/**
 * A standalone relay process over in-memory fakes (tests/integration/phone/relay-process.test.ts):
 * the real Node host and drain (runRelayProcess), with calls opened here and printed as one
 * `READY {json}` line for the test to dial.
 */
import { runRelayProcess, processEnv } from '../../supabase/functions/phone-relay/node-server.ts';
import { createRelay } from '../../supabase/functions/phone-relay/relay.ts';
import { fakeRelayDeps, scriptedProvider } from './phone-relay-fakes.ts';

const fake = fakeRelayDeps(scriptedProvider([{ tokens: ['Still ', 'here.'], delayMs: 5 }]), {
  timing: { speechMsPerChar: 1 },
});
const running = await runRelayProcess(processEnv(), createRelay(fake.deps));
const calls = await Promise.all([fake.store.open(), fake.store.open()]);
console.log(
  `READY ${JSON.stringify({ port: running.port, calls: calls.map(({ call, token }) => ({ callSid: call.callSid, token })) })}`,
);
process.on('exit', () => {
  console.log(`ENDED ${JSON.stringify([...fake.store.calls.values()].map((call) => call.ended))}`);
});
