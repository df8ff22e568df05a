/**
 * Tool calls during a browser voice call (issue 8). The realtime model asks for a function on the
 * data channel; the page forwards `{name, arguments, call_id}` here with the call's token; the
 * server runs the agent's tool with the same runners as chat and returns the output, which the
 * page hands back to the model (`function_call_output` + `response.create`).
 *
 * The call token binds the request to one call and expires with it: an HMAC of the call id and an
 * expiry, so a visitor cannot run tools for another call (or agent), nor after the paid time.
 */
import type { AgentTool, LoadedAgent } from '../_shared/conversation/agents.ts';
import type { FunctionTool } from '../_shared/ai/types.ts';
import { buildToolDefinitions } from '../_shared/conversation/tools.ts';
import type { ToolInvocation, ToolOutcome } from '../_shared/conversation/turn.ts';

export interface VoiceToolDeps {
  /** The agent with its enabled tools (service role, `agent_for_turn`). */
  loadAgent(agentId: string): Promise<LoadedAgent | null>;
  run(invocation: ToolInvocation): Promise<ToolOutcome>;
}

/** The agent's enabled tools as realtime function definitions (flat shape, reference/openai.md §1). */
export function realtimeTools(functions: FunctionTool[]): Record<string, unknown>[] {
  return functions.map((f) => ({
    type: 'function',
    name: f.name,
    description: f.description,
    parameters: f.parameters,
  }));
}

export function agentFunctions(agent: LoadedAgent): {
  functions: FunctionTool[];
  byFunctionName: Map<string, AgentTool>;
} {
  const definitions = buildToolDefinitions(agent.tools);
  return { functions: definitions.functions, byFunctionName: definitions.byFunctionName as Map<string, AgentTool> };
}

const encoder = new TextEncoder();

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

async function mac(secret: string, payload: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return base64url(new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(payload))));
}

/** `{expiry seconds}.{HMAC(callId.expiry)}`. */
export async function signCallToken(secret: string, callId: string, expiresAtMs: number): Promise<string> {
  const expiry = Math.floor(expiresAtMs / 1000);
  return `${expiry}.${await mac(secret, `${callId}.${expiry}`)}`;
}

/** True when the token was issued for this call and has not expired. Constant-time comparison. */
export async function verifyCallToken(secret: string, callId: string, token: string, nowMs: number): Promise<boolean> {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return false;
  const expiry = Number(match[1]);
  if (expiry * 1000 < nowMs) return false;
  const expected = await mac(secret, `${callId}.${expiry}`);
  const given = match[2] ?? '';
  let diff = expected.length ^ given.length;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ given.charCodeAt(i);
  return diff === 0;
}
