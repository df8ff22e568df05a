import { Button, Card, H4, InputGroup, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepWithinLimit, OWNER_ASSIST_LIMITS } from '@contracts/field-limits.ts';
import { CharCounter } from '../../../components/CharCounter.tsx';
import { isLimitRefusal } from '../../../errors/limitMessage.ts';
import { modifyPrompt } from '../api/ownerAssist.ts';
import { errorText } from '../../../errors/errorText.ts';

interface ChatLine {
  role: 'assistant' | 'user';
  text: string;
}

/**
 * AI Writing Assistant: the instruction goes with the current prompt; the
 * returned prompt replaces the editor text. The chat opens with a greeting.
 */
export function AssistantPanel({ prompt, onPrompt }: { prompt: string; onPrompt: (prompt: string) => void }) {
  const { t } = useTranslation();
  const [lines, setLines] = useState<ChatLine[]>([]);
  const [instruction, setInstruction] = useState('');
  const [busy, setBusy] = useState(false);

  const send = async () => {
    const text = instruction.trim();
    if (!text || busy) return;
    setInstruction('');
    setLines((l) => [...l, { role: 'user', text }]);
    setBusy(true);
    let reply: string;
    try {
      const answer = await modifyPrompt(prompt, text);
      const newPrompt = answer.result.newPrompt?.trim() ? answer.result.newPrompt : null;
      if (newPrompt) {
        onPrompt(newPrompt);
        reply = answer.result.confirmationMessage?.trim() || t('agents:prompts.assistant.updated');
        if (answer.offline) reply = `${reply} ${t('agents:prompts.assistant.offline')}`;
      } else {
        reply = t('agents:prompts.assistant.noPrompt');
      }
    } catch (error) {
      console.warn('prompt modification failed', error);
      // A limit (the AI helpers' rate) is named with its value and the wait.
      reply = isLimitRefusal(error) ? errorText(t, error) : t('agents:prompts.assistant.failed');
    }
    setLines((l) => [...l, { role: 'assistant', text: reply }]);
    setBusy(false);
  };

  return (
    <Card className="assistant-panel">
      <H4>{t('agents:prompts.assistant.title')}</H4>
      <ol className="assistant-lines" aria-live="polite">
        <li className="assistant-line is-assistant">{t('agents:prompts.assistant.greeting')}</li>
        {lines.map((line, i) => (
          <li key={i} className={`assistant-line is-${line.role}`}>
            {line.text}
          </li>
        ))}
      </ol>
      <form
        className="assistant-input"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <InputGroup
          fill
          value={instruction}
          placeholder={t('agents:prompts.assistant.placeholder')}
          aria-label={t('agents:prompts.assistant.placeholder')}
          aria-describedby="assistant-instruction-counter"
          disabled={busy}
          onValueChange={(next) => setInstruction(keepWithinLimit(instruction, next, OWNER_ASSIST_LIMITS.instruction))}
        />
        <Button
          type="submit"
          icon="send-message"
          intent={Intent.PRIMARY}
          aria-label={t('agents:prompts.assistant.send')}
          loading={busy}
          disabled={instruction.trim() === ''}
        />
      </form>
      <CharCounter
        id="assistant-instruction-counter"
        testId="assistant-instruction-counter"
        value={instruction}
        max={OWNER_ASSIST_LIMITS.instruction}
      />
    </Card>
  );
}
