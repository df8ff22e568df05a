/**
 * `transfer_call` (catalogue row of migration 20261125120000): hands a phone caller to a human at
 * the agent's transfer number. The call is found from the conversation the tool runs in (never a
 * call id or number the model wrote), the number is the agent's, read in SQL, and the transfer is
 * recorded on the call row. A Twilio call's live TwiML is replaced by a short line and a <Dial>
 * (its relay session ends); a sandbox call dials nobody: the agent says the transfer would happen
 * and the call ends. Either way the agent's part of the call ends now (server-timed).
 */
import { transferTwiml } from '../phone/twiml.ts';
import { createTwilioClient } from '../twilio/client.ts';
import { twilioConfig } from '../twilio/config.ts';
import { fail, ok, type ToolContext } from './context.ts';
import type { ToolOutcome } from '../conversation/turn.ts';

export const TRANSFER_TOOL_ID = 'transfer_call';

/** True when a tool outcome means the call is being handed over: the relay ends its session. */
export function transferEndsCall(functionName: string, outcome: ToolOutcome): boolean {
  return (
    functionName === TRANSFER_TOOL_ID &&
    outcome.ok &&
    (outcome.result as { status?: unknown } | null)?.status === 'transferring'
  );
}

interface TransferRow {
  call_id: string;
  call_sid: string;
  source: 'twilio' | 'sandbox';
  transfer_number: string;
}

export async function transferCall(_args: Record<string, unknown>, context: ToolContext): Promise<ToolOutcome> {
  if (context.channel !== 'phone') return fail('transfer_call only works during a phone call');
  const { data, error } = await context.service.rpc('phone_request_transfer', {
    conversation_id: context.conversationId,
  });
  if (error) return fail(`the transfer could not be prepared: ${error.message}`);
  const row = (data as TransferRow[] | null)?.[0];
  if (!row) {
    return ok({ status: 'unavailable', message: 'No transfer number is set for this agent: keep helping the caller.' });
  }
  if (row.source === 'twilio') {
    try {
      await createTwilioClient(twilioConfig(context.env), context.fetch)
        .calls(row.call_sid)
        .update({ twiml: transferTwiml(row.transfer_number, context.language) });
    } catch (cause) {
      return fail(`the transfer failed: ${cause instanceof Error ? cause.message : String(cause)}`);
    }
  }
  const ended = await context.service.rpc('phone_mark_ended', { call_id: row.call_id, reason: 'transfer' });
  if (ended.error) return fail(`the transfer could not be recorded: ${ended.error.message}`);
  return ok({
    status: 'transferring',
    simulated: row.source === 'sandbox',
    message:
      row.source === 'sandbox'
        ? 'Test call: on a real call the caller would now be transferred to a colleague. Say so briefly; the call ends.'
        : 'The caller is being transferred to a colleague now.',
  });
}
