import { Button, Callout, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { verifySenderInputSchema } from '@contracts/whatsapp.ts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

export interface WhatsAppVerificationProps {
  phoneNumber: string | null;
  busy: boolean;
  /** Why the last code was refused (already in the owner's language), or null. */
  error: string | null;
  onVerify: (code: string) => void;
}

const codeSchema = verifySenderInputSchema.shape.code;

/**
 * The code entry shown while the sender is PENDING_VERIFICATION: WhatsApp sent a code to the
 * number by SMS or voice, the owner types it here (4 to 8 digits, checked by the contract's rule).
 */
export function WhatsAppVerification({ phoneNumber, busy, error, onVerify }: WhatsAppVerificationProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const parsed = codeSchema.safeParse(code);
  const invalid = touched && !parsed.success;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (parsed.success) onVerify(parsed.data);
  }

  return (
    <form onSubmit={submit} data-testid="whatsapp-verification" noValidate>
      <Callout intent={Intent.PRIMARY} icon="key" title={t('deploy:whatsApp.verification.title')}>
        <p>{t('deploy:whatsApp.verification.help', { number: phoneNumber ?? '—' })}</p>
        <FormGroup
          label={t('deploy:whatsApp.verification.label')}
          labelFor="whatsapp-verification-code"
          intent={invalid || error ? Intent.DANGER : Intent.NONE}
          helperText={
            invalid ? t('deploy:whatsApp.verification.invalid') : error ? <span role="alert">{error}</span> : undefined
          }
        >
          <InputGroup
            id="whatsapp-verification-code"
            data-testid="whatsapp-verification-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={8}
            value={code}
            intent={invalid || error ? Intent.DANGER : Intent.NONE}
            onChange={(event) => setCode(event.currentTarget.value)}
            onBlur={() => setTouched(true)}
            rightElement={
              <Button
                type="submit"
                intent={Intent.PRIMARY}
                loading={busy}
                data-testid="whatsapp-verification-submit"
                text={t('deploy:whatsApp.verification.submit')}
              />
            }
          />
        </FormGroup>
      </Callout>
    </form>
  );
}
