/** `send_email` and `send_message` tools on top of outbound.ts. */
import type { ToolOutcome } from '../conversation/turn.ts';
import { EMAIL, PHONE, fail, ok, text, type ToolContext } from './context.ts';
import { deliver, phoneRecipient } from './outbound.ts';

export async function sendEmailTool(args: Record<string, unknown>, context: ToolContext): Promise<ToolOutcome> {
  const action = text(args, 'action');
  switch (action) {
    case 'send_email': {
      const to = text(args, 'to', 320);
      if (!to || !EMAIL.test(to)) return fail('to must be an email address');
      const subject = text(args, 'subject', 300);
      const body = text(args, 'body', 20_000);
      if (!subject || !body) return fail('subject and body are required');
      return deliver(context, { channel: 'email', recipient: to.toLowerCase(), subject, body });
    }
    case 'get_templates':
      // Email templates are not part of the product yet: the model writes each email itself.
      return ok({ templates: [] });
    case 'send_template':
      return fail('there are no email templates; write the email with send_email instead');
    case 'schedule_email':
      return fail('scheduled emails are not available; send the email now with send_email');
    default:
      return fail(`unknown email action ${String(action)}`);
  }
}

export async function sendMessageTool(args: Record<string, unknown>, context: ToolContext): Promise<ToolOutcome> {
  const action = text(args, 'action');
  const recipient = text(args, 'recipient', 320);
  const message = text(args, 'message', 1_600);
  if (!recipient || !message) return fail('recipient and message are required');
  const channel = action === 'send_whatsapp' ? 'whatsapp' : action === 'send_sms' ? 'sms' : text(args, 'channel');
  if (action === 'schedule_message') return fail('scheduled messages are not available; send the message now');
  if (action === 'send_notification' && channel !== 'sms' && channel !== 'whatsapp' && channel !== 'email') {
    return fail('push notifications are not available; use sms, whatsapp or email');
  }
  if (channel === 'email') {
    if (!EMAIL.test(recipient)) return fail('recipient must be an email address');
    return deliver(context, {
      channel: 'email',
      recipient: recipient.toLowerCase(),
      subject: context.agentName,
      body: message,
    });
  }
  if (channel !== 'sms' && channel !== 'whatsapp') return fail(`unknown messaging action ${String(action)}`);
  if (!PHONE.test(recipient)) return fail('recipient must be a phone number in international format');
  return deliver(context, { channel, recipient: phoneRecipient(recipient), body: message });
}
