import { functionAppError } from '../../../errors/functionError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { sandboxPhoneCallSchema, type SandboxPhoneCall } from '../phone/sandboxCall.ts';

/** Opens a sandbox phone call on the owner's own agent (see sandboxCall.ts for the answer). */
export async function openSandboxPhoneCall(agentId: string): Promise<SandboxPhoneCall> {
  const { data, error } = await getSupabase().functions.invoke('twilio-voice/sandbox', { body: { agentId } });
  if (error) {
    throw await functionAppError(error, {
      codeKeys: { no_credits: 'sandbox:phone.errors.noCredits' },
      fallbackKey: 'sandbox:phone.errors.refused',
    });
  }
  return sandboxPhoneCallSchema.parse(data);
}
