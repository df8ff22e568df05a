import { Callout, ControlGroup, FormGroup, H3, Icon, InputGroup, Intent, Radio, RadioGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { AGENT_LIMITS } from '@contracts/field-limits.ts';
import { SUBDOMAIN_MAX_LENGTH, typedSubdomain } from '@contracts/subdomain.ts';
import { CharCounter } from '../../../../components/CharCounter.tsx';
import { LimitedInput } from '../../../../components/LimitedText.tsx';
import {
  basicInfoProblems,
  subdomainError,
  type SubdomainCheck,
  type SubdomainError,
  type Voice,
  type WizardDraft,
} from '../wizardModel.ts';
import { problemMessage, type FieldErrors } from '../../fieldErrors.ts';
import type { StepProps } from './SectorStep.tsx';
import type { ConsoleKey } from '../../../../i18n/keys.ts';
import { messageText } from '../../../../errors/errorText.ts';

const FIELD_LABEL = {
  name: 'agents:wizard.basicInfo.name',
  companyName: 'agents:wizard.basicInfo.companyName',
  address: 'agents:wizard.basicInfo.address',
  phone: 'agents:wizard.basicInfo.phone',
  email: 'agents:wizard.basicInfo.email',
  website: 'agents:wizard.basicInfo.website',
} as const satisfies Record<TextField, ConsoleKey>;

const SUBDOMAIN_ERROR_TEXT = {
  required: 'agents:fields.required',
  tooLong: 'agents:fields.tooLong',
  tooShort: 'agents:fields.tooShort',
  invalidEdges: 'agents:fields.invalidEdges',
  reserved: 'agents:fields.reserved',
  invalid: 'agents:fields.invalid',
  taken: 'agents:fields.taken',
} as const satisfies Record<NonNullable<SubdomainError> | 'required' | 'tooLong', ConsoleKey>;

type TextField = 'name' | 'companyName' | 'address' | 'phone' | 'email' | 'website';

/**
 * Name, company, subdomain with live availability, voice and contact fields. Each
 * field says what the database would refuse (its limit) or did refuse (`refused`), next to it.
 */
export function BasicInfoStep({
  draft,
  onChange,
  check,
  host,
  offline,
  refused = {},
}: StepProps & { check: SubdomainCheck; host: string; offline: boolean; refused?: FieldErrors }) {
  const { t } = useTranslation();
  const problems = { ...basicInfoProblems(draft), ...refused };
  const refusedSubdomain = refused.subdomain?.reason;
  const error = refusedSubdomain ?? subdomainError(draft.subdomain, check);
  const field = (key: TextField, type = 'text') => {
    const problem = problems[key];
    const message = problem ? problemMessage(problem) : null;
    return (
      <FormGroup
        label={t(FIELD_LABEL[key])}
        labelFor={`wizard-${key}`}
        intent={message ? Intent.DANGER : Intent.NONE}
        helperText={
          message ? (
            <span data-testid={`wizard-${key}-error`}>{messageText(t, message.key, message.values)}</span>
          ) : null
        }
      >
        <LimitedInput
          id={`wizard-${key}`}
          type={type}
          value={draft[key]}
          max={AGENT_LIMITS[key]}
          intent={message ? Intent.DANGER : Intent.NONE}
          onValueChange={(value) => onChange((d: WizardDraft) => ({ ...d, [key]: value }))}
        />
      </FormGroup>
    );
  };
  let status = null;
  if (error) status = <span className="wizard-subdomain-error">{t(SUBDOMAIN_ERROR_TEXT[error])}</span>;
  else if (check?.status === 'checking') status = <span>{t('agents:wizard.basicInfo.checking')}</span>;
  else if (check?.status === 'available')
    status = (
      <span className="wizard-subdomain-ok">
        <Icon icon="tick-circle" intent={Intent.SUCCESS} /> {t('agents:wizard.basicInfo.available')}
      </span>
    );

  return (
    <section className="wizard-step">
      <H3>{t('agents:wizard.basicInfo.title')}</H3>
      {offline && (
        <Callout intent={Intent.WARNING} icon="offline">
          {t('agents:wizard.basicInfo.offline')}
        </Callout>
      )}
      <div className="wizard-fields">
        {field('name')}
        {field('companyName')}
      </div>
      <FormGroup
        label={t('agents:wizard.basicInfo.subdomain')}
        labelFor="wizard-subdomain"
        helperText={status ?? t('agents:wizard.basicInfo.subdomainHelp')}
        intent={error ? Intent.DANGER : Intent.NONE}
      >
        <ControlGroup fill>
          {/* Typing keeps the value to the subdomain's characters and its maximum length. */}
          <InputGroup
            id="wizard-subdomain"
            value={draft.subdomain}
            intent={error ? Intent.DANGER : Intent.NONE}
            autoComplete="off"
            aria-describedby="wizard-subdomain-counter"
            onValueChange={(value) => onChange((d) => ({ ...d, subdomain: typedSubdomain(value) }))}
          />
          <span className="wizard-subdomain-suffix">.{host}</span>
        </ControlGroup>
        <CharCounter
          id="wizard-subdomain-counter"
          testId="wizard-subdomain-counter"
          value={draft.subdomain}
          max={SUBDOMAIN_MAX_LENGTH}
        />
      </FormGroup>
      <RadioGroup
        label={t('agents:wizard.basicInfo.voice')}
        inline
        selectedValue={draft.voice}
        onChange={(e) => {
          const voice = e.currentTarget.value as Voice;
          onChange((d) => ({ ...d, voice }));
        }}
      >
        <Radio value="male" label={t('agents:wizard.basicInfo.voiceMale')} />
        <Radio value="female" label={t('agents:wizard.basicInfo.voiceFemale')} />
      </RadioGroup>
      <div className="wizard-fields">
        {field('address')}
        {field('phone', 'tel')}
        {field('email', 'email')}
        {field('website', 'url')}
      </div>
    </section>
  );
}
