import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  Intent,
  Radio,
  RadioGroup,
} from '@blueprintjs/core';
import { e164Schema, PHONE_VOICE_MODES, type PhoneVoiceMode } from '@contracts/phone.ts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/QueryState.tsx';
import { toastError, toastSuccess } from '../../../components/toaster.ts';
import { toAppError } from '../../../errors/appError.ts';
import { usePhoneSettingsQuery, useSavePhoneSettingsMutation, type PhoneSettings } from '../api/phoneSettings.ts';
import type { ConsoleKey } from '../../../i18n/keys.ts';

const MODE_TEXT = {
  any_model: { name: 'deploy:phone.modeNames.any_model', label: 'deploy:phone.modes.any_model' },
  natural_voice: { name: 'deploy:phone.modeNames.natural_voice', label: 'deploy:phone.modes.natural_voice' },
} as const satisfies Record<PhoneVoiceMode, { name: ConsoleKey; label: ConsoleKey }>;

const DEFAULT = 'default';

/**
 * "Configure phone": how the agent's calls are answered (any model / natural voice / the server's
 * default) and the human number `transfer_call` hands callers to (E.164, the contract's schema).
 */
export function PhoneSettingsDialog(props: {
  agentId: string;
  isOpen: boolean;
  defaultMode: PhoneVoiceMode;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const settings = usePhoneSettingsQuery(props.agentId);
  return (
    <Dialog isOpen={props.isOpen} onClose={props.onClose} title={t('deploy:phone.settingsTitle')}>
      <QueryState query={settings}>{(loaded) => <SettingsForm {...props} loaded={loaded} />}</QueryState>
    </Dialog>
  );
}

function SettingsForm(props: {
  agentId: string;
  defaultMode: PhoneVoiceMode;
  onClose: () => void;
  loaded: PhoneSettings;
}) {
  const { t } = useTranslation();
  const save = useSavePhoneSettingsMutation(props.agentId);
  const [mode, setMode] = useState<string>(props.loaded.voiceMode ?? DEFAULT);
  const [transfer, setTransfer] = useState(props.loaded.transferNumber ?? '');
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const number = transfer.trim() === '' ? null : e164Schema.safeParse(transfer);
    if (number && !number.success) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    const voiceMode = PHONE_VOICE_MODES.find((m) => m === mode) ?? null;
    save.mutate(
      { voiceMode, transferNumber: number ? number.data : null },
      {
        onSuccess: () => {
          toastSuccess(t('deploy:phone.saved'));
          props.onClose();
        },
        onError: (error) => toastError(toAppError(error), t),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <DialogBody>
        <RadioGroup
          label={t('deploy:phone.voiceMode')}
          selectedValue={mode}
          onChange={(event) => setMode(event.currentTarget.value)}
        >
          <Radio
            value={DEFAULT}
            label={t('deploy:phone.serverDefault', { mode: t(MODE_TEXT[props.defaultMode].name) })}
          />
          <p className="deploy-mode-help">{t('deploy:phone.defaultExplained')}</p>
          {PHONE_VOICE_MODES.map((m) => (
            <Radio key={m} value={m} label={t(MODE_TEXT[m].label)} />
          ))}
        </RadioGroup>
        <FormGroup
          label={t('deploy:phone.transferNumber')}
          labelFor="phone-transfer-number"
          helperText={invalid ? t('deploy:phone.transferInvalid') : t('deploy:phone.transferHelp')}
          intent={invalid ? Intent.DANGER : Intent.NONE}
        >
          <InputGroup
            id="phone-transfer-number"
            placeholder="+14155550100"
            value={transfer}
            intent={invalid ? Intent.DANGER : Intent.NONE}
            onValueChange={setTransfer}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('deploy:phone.cancel')} onClick={props.onClose} />
            <Button type="submit" intent={Intent.PRIMARY} loading={save.isPending} text={t('deploy:phone.save')} />
          </>
        }
      />
    </form>
  );
}
