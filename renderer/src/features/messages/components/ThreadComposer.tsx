import type { TemplateSend } from '@contracts/whatsapp.ts';
import { useEffect, useState } from 'react';
import { toAppError } from '../../../errors/appError.ts';
import { useSendWhatsAppMessageMutation } from '../api/sendMessage.ts';
import { useTemplateChoiceQuery } from '../api/templateChoice.ts';
import { useTemplatesQuery } from '../api/templates.ts';
import { insideWindow, MessageComposer, type SendOutcome } from './MessageComposer.tsx';

/** The thread's composer wired to /send and, outside the window, to the sender's templates. */
export function ThreadComposer({
  userId,
  agentId,
  contact,
  lastInboundAt,
}: {
  userId: string;
  agentId: string;
  contact: string;
  lastInboundAt: string | null;
}) {
  // The window closes while the thread is open: look again every minute.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const open = insideWindow(lastInboundAt, now);
  const templates = useTemplatesQuery(agentId, !open);
  const choice = useTemplateChoiceQuery(agentId);
  const send = useSendWhatsAppMessageMutation(userId, agentId, contact);
  const [outcome, setOutcome] = useState<SendOutcome>(null);

  const run = async (message: { text: string; template?: TemplateSend }): Promise<boolean> => {
    setOutcome(null);
    try {
      const answer = await send.mutateAsync(message);
      setOutcome({ kind: 'answer', answer });
      return answer.notSentReason === null;
    } catch (error) {
      setOutcome({ kind: 'error', error: toAppError(error) });
      return false;
    }
  };

  return (
    <MessageComposer
      lastInboundAt={lastInboundAt}
      now={now}
      templates={templates}
      choice={choice.data ?? null}
      sending={send.isPending}
      outcome={outcome}
      onSendText={(text) => run({ text })}
      onSendTemplate={(template, text) => void run({ text, template })}
    />
  );
}
