import {
  Classes,
  FileInput,
  FormGroup,
  HTMLSelect,
  Icon,
  InputGroup,
  Intent,
  NumericInput,
  Radio,
  RadioGroup,
  Switch,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Sector } from '../api/catalogue.ts';
import { AGENT_LIMITS } from '@contracts/field-limits.ts';
import { SUBDOMAIN_MAX_LENGTH, typedSubdomain } from '@contracts/subdomain.ts';
import { CharCounter } from '../../../components/CharCounter.tsx';
import { LimitedInput, LimitedTextArea } from '../../../components/LimitedText.tsx';
import type { SubdomainCheck, Voice } from '../wizard/wizardModel.ts';
import { problemMessage, type FieldErrors, type FieldProblem } from '../fieldErrors.ts';
import type { ConfigureSubdomainError, GeneralForm } from './configureModel.ts';
import { LanguagePicker } from './LanguagePicker.tsx';
import { VOICE_IDLE_SECONDS, VOICE_MAX_CALL_SECONDS, withinBound } from '@contracts/voice-call-bounds.ts';
import { messageText } from '../../../errors/errorText.ts';

export interface GeneralTabProps {
  form: GeneralForm;
  onChange: (update: Partial<GeneralForm>) => void;
  sectors: Sector[];
  /** The subdomain's error: from its shape and availability, or the database's refusal. */
  subdomainError: ConfigureSubdomainError | FieldProblem['reason'];
  /** Text fields the database would refuse (limits) or refused, by field. */
  problems: FieldErrors;
  check: SubdomainCheck;
  host: string;
  avatarUrl: string | null;
  avatarUploading: boolean;
  onAvatar: (file: File) => void;
}

/** The general tab's fields. */
export function GeneralTab({
  form,
  onChange,
  sectors,
  subdomainError,
  problems,
  check,
  host,
  avatarUrl,
  avatarUploading,
  onAvatar,
}: GeneralTabProps) {
  const { t, i18n } = useTranslation();
  const label = (item: { name: string; nameFr: string }) => (i18n.language === 'fr' ? item.nameFr : item.name);
  const sector = sectors.find((s) => s.id === form.sectorId);
  const fieldState = (field: 'name' | 'companyName' | 'prompt') => {
    const problem = problems[field];
    const message = problem ? problemMessage(problem) : null;
    return {
      intent: message ? Intent.DANGER : Intent.NONE,
      helperText: message ? (
        <span data-testid={`configure-${field}-error`}>{messageText(t, message.key, message.values)}</span>
      ) : null,
    };
  };
  let subdomainStatus = null;
  // "at least 3 characters" has the configure screen's own wording.
  if (subdomainError)
    subdomainStatus = (
      <span className="wizard-subdomain-error">
        {t(subdomainError === 'tooShort' ? 'agents:configure.tooShort' : `agents:fields.${subdomainError}`)}
      </span>
    );
  else if (check && check.status === 'checking') subdomainStatus = <span>{t('agents:configure.checking')}</span>;
  else if (check?.status === 'available')
    subdomainStatus = (
      <span className="wizard-subdomain-ok">
        <Icon icon="tick-circle" intent={Intent.SUCCESS} /> {t('agents:configure.available')}
      </span>
    );

  return (
    <div className="configure-general">
      <div className="configure-avatar">
        {avatarUrl ? (
          <img className="agent-card-avatar configure-avatar-image" src={avatarUrl} alt="" />
        ) : (
          <span className="agent-card-avatar agent-card-avatar-initial configure-avatar-image" aria-hidden="true">
            {form.name.trim().charAt(0).toUpperCase()}
          </span>
        )}
        <FormGroup label={t('agents:configure.avatar')} labelFor="configure-avatar">
          <FileInput
            fill
            inputProps={{ id: 'configure-avatar', accept: 'image/png,image/jpeg,image/gif,image/webp' }}
            text={t('agents:configure.avatarChoose')}
            buttonText="…"
            disabled={avatarUploading}
            onInputChange={(e) => {
              const file = e.currentTarget.files?.[0];
              if (file) onAvatar(file);
              e.currentTarget.value = '';
            }}
          />
        </FormGroup>
      </div>
      <div className="wizard-fields">
        <FormGroup label={t('agents:configure.name')} labelFor="configure-name" {...fieldState('name')}>
          <LimitedInput
            id="configure-name"
            intent={fieldState('name').intent}
            value={form.name}
            max={AGENT_LIMITS.name}
            onValueChange={(name) => onChange({ name })}
          />
        </FormGroup>
        <FormGroup
          label={t('agents:configure.companyName')}
          labelFor="configure-companyName"
          {...fieldState('companyName')}
        >
          <LimitedInput
            id="configure-companyName"
            intent={fieldState('companyName').intent}
            value={form.companyName}
            max={AGENT_LIMITS.companyName}
            onValueChange={(companyName) => onChange({ companyName })}
          />
        </FormGroup>
        <FormGroup label={t('agents:configure.defaultLanguage')} labelFor="configure-language">
          <LanguagePicker
            id="configure-language"
            value={form.defaultLanguage}
            onChange={(defaultLanguage) => onChange({ defaultLanguage })}
          />
        </FormGroup>
        <FormGroup
          label={t('agents:configure.subdomain')}
          labelFor="configure-subdomain"
          intent={subdomainError ? Intent.DANGER : Intent.NONE}
          helperText={subdomainStatus ?? t('agents:configure.subdomainHelp')}
        >
          {/* Typing keeps the value to the subdomain's characters and its maximum length. */}
          <InputGroup
            id="configure-subdomain"
            value={form.subdomain}
            intent={subdomainError ? Intent.DANGER : Intent.NONE}
            aria-describedby="configure-subdomain-counter"
            rightElement={<span className={`wizard-subdomain-suffix ${Classes.TEXT_MUTED}`}>.{host}</span>}
            onValueChange={(value) => onChange({ subdomain: typedSubdomain(value) })}
          />
          <CharCounter
            id="configure-subdomain-counter"
            testId="configure-subdomain-counter"
            value={form.subdomain}
            max={SUBDOMAIN_MAX_LENGTH}
          />
        </FormGroup>
        <FormGroup label={t('agents:configure.sector')} labelFor="configure-sector">
          <HTMLSelect
            id="configure-sector"
            fill
            value={form.sectorId}
            onChange={(e) => onChange({ sectorId: e.currentTarget.value, subSectorId: '' })}
            options={[
              { value: '', label: t('agents:configure.none') },
              ...sectors.map((s) => ({ value: s.id, label: label(s) })),
            ]}
          />
        </FormGroup>
        <FormGroup label={t('agents:configure.subSector')} labelFor="configure-subSector">
          <HTMLSelect
            id="configure-subSector"
            fill
            value={form.subSectorId}
            disabled={!sector}
            onChange={(e) => onChange({ subSectorId: e.currentTarget.value })}
            options={[
              { value: '', label: t('agents:configure.none') },
              ...(sector?.subSectors ?? []).map((s) => ({ value: s.id, label: label(s) })),
            ]}
          />
        </FormGroup>
      </div>
      <div className="configure-row">
        <RadioGroup
          label={t('agents:configure.voice')}
          inline
          selectedValue={form.voice}
          onChange={(e) => onChange({ voice: e.currentTarget.value as Voice })}
        >
          <Radio value="female" label={t('agents:configure.voiceFemale')} />
          <Radio value="male" label={t('agents:configure.voiceMale')} />
        </RadioGroup>
        <Switch
          label={t('agents:configure.directoryListed')}
          checked={form.directoryListed}
          onChange={(e) => onChange({ directoryListed: e.currentTarget.checked })}
        />
      </div>
      <div className="configure-row">
        <FormGroup
          label={t('agents:configure.voiceMaxCall')}
          labelFor="configure-voiceMaxCall"
          helperText={t('agents:configure.voiceMaxCallHelp', {
            min: VOICE_MAX_CALL_SECONDS.min / 60,
            max: VOICE_MAX_CALL_SECONDS.max / 60,
          })}
          intent={withinBound(form.voiceMaxCallSeconds, VOICE_MAX_CALL_SECONDS) ? Intent.NONE : Intent.DANGER}
        >
          <NumericInput
            id="configure-voiceMaxCall"
            min={VOICE_MAX_CALL_SECONDS.min / 60}
            max={VOICE_MAX_CALL_SECONDS.max / 60}
            majorStepSize={15}
            value={Number.isFinite(form.voiceMaxCallSeconds) ? form.voiceMaxCallSeconds / 60 : ''}
            onValueChange={(minutes) => onChange({ voiceMaxCallSeconds: Math.round(minutes * 60) })}
          />
        </FormGroup>
        <FormGroup
          label={t('agents:configure.voiceIdle')}
          labelFor="configure-voiceIdle"
          helperText={t('agents:configure.voiceIdleHelp', { min: VOICE_IDLE_SECONDS.min, max: VOICE_IDLE_SECONDS.max })}
          intent={withinBound(form.voiceIdleSeconds, VOICE_IDLE_SECONDS) ? Intent.NONE : Intent.DANGER}
        >
          <NumericInput
            id="configure-voiceIdle"
            min={VOICE_IDLE_SECONDS.min}
            max={VOICE_IDLE_SECONDS.max}
            majorStepSize={15}
            value={Number.isFinite(form.voiceIdleSeconds) ? form.voiceIdleSeconds : ''}
            onValueChange={(seconds) => onChange({ voiceIdleSeconds: seconds })}
          />
        </FormGroup>
      </div>
      <FormGroup label={t('agents:configure.description')} labelFor="configure-description" {...fieldState('prompt')}>
        <LimitedTextArea
          id="configure-description"
          intent={fieldState('prompt').intent}
          fill
          rows={12}
          value={form.description}
          max={AGENT_LIMITS.prompt}
          onValueChange={(description) => onChange({ description })}
        />
      </FormGroup>
    </div>
  );
}
