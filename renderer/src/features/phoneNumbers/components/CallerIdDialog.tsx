import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  H3,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import { CALLER_ID_NAME_MAX, callerIdInputSchema, type CallerIdInput } from '@contracts/phone-numbers.ts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LimitedInput } from '../../../components/LimitedText.tsx';

/**
 * Adding a caller ID: the number (E.164, the contract's schema), then the code Twilio's
 * verification call asks for, shown until the owner closes the dialog.
 */
export function CallerIdDialog(props: {
  isOpen: boolean;
  saving: boolean;
  validation: { phoneNumber: string; validationCode: string } | null;
  onClose: () => void;
  onSave: (input: CallerIdInput) => void;
}) {
  const { t } = useTranslation();
  const [phoneNumber, setPhoneNumber] = useState('');
  const [friendlyName, setFriendlyName] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { phoneNumber, ...(friendlyName.trim() ? { friendlyName } : {}) };
    const ok = callerIdInputSchema.safeParse(input).success;
    setInvalid(!ok);
    if (ok) props.onSave(input);
  };
  return (
    <Dialog
      isOpen={props.isOpen}
      onClose={props.onClose}
      onClosed={() => {
        setPhoneNumber('');
        setFriendlyName('');
        setInvalid(false);
      }}
      title={t('numbers:callerIds.add')}
    >
      {props.validation ? (
        <>
          <DialogBody>
            <Callout intent={Intent.PRIMARY} icon="phone" title={t('numbers:callerIds.codeTitle')}>
              <p>{t('numbers:callerIds.code', { number: props.validation.phoneNumber })}</p>
              <H3 data-testid="validation-code">{props.validation.validationCode}</H3>
            </Callout>
          </DialogBody>
          <DialogFooter
            actions={<Button intent={Intent.PRIMARY} text={t('numbers:callerIds.done')} onClick={props.onClose} />}
          />
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <DialogBody>
            <FormGroup
              label={t('numbers:callerIds.phoneNumber')}
              labelFor="caller-id-number"
              intent={invalid ? Intent.DANGER : Intent.NONE}
              helperText={invalid ? t('numbers:callerIds.invalid') : undefined}
            >
              <InputGroup
                id="caller-id-number"
                placeholder="+14155550100"
                value={phoneNumber}
                intent={invalid ? Intent.DANGER : Intent.NONE}
                onValueChange={setPhoneNumber}
              />
            </FormGroup>
            <FormGroup label={t('numbers:callerIds.friendlyName')} labelFor="caller-id-name">
              <LimitedInput
                id="caller-id-name"
                value={friendlyName}
                max={CALLER_ID_NAME_MAX}
                onValueChange={setFriendlyName}
              />
            </FormGroup>
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button text={t('numbers:callerIds.cancel')} onClick={props.onClose} />
                <Button
                  type="submit"
                  intent={Intent.PRIMARY}
                  loading={props.saving}
                  text={t('numbers:callerIds.request')}
                />
              </>
            }
          />
        </form>
      )}
    </Dialog>
  );
}
