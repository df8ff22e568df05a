import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  Switch,
} from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PACK_CRM,
  PACK_NAME_MAX,
  PACK_SUPPORT,
  PACK_TIERS,
  UNLIMITED,
  parsePackField,
  type PackInput,
} from '@contracts/packs.ts';
import { LimitedInput } from '../../../components/LimitedText.tsx';

/** A value of one of the pack's select fields; each has its label under `packs:choices`. */
type PackChoice = (typeof PACK_SUPPORT | typeof PACK_TIERS | typeof PACK_CRM)[number];

export interface PackDialogProps {
  /** The pack being edited, or a new pack's defaults. */
  pack: PackInput;
  isNew: boolean;
  onConfirm: (pack: PackInput) => void;
  onClose: () => void;
}

type NumberField = 'monthly_price' | 'yearly_price' | 'minutes' | 'users' | 'whatsapp_conversations' | 'max_agents';
const fieldKind = {
  monthly_price: 'price',
  yearly_price: 'price',
  minutes: 'minutes',
  users: 'users',
  whatsapp_conversations: 'whatsapp',
  max_agents: 'agents',
} as const satisfies Record<NumberField, Parameters<typeof parsePackField>[0]>;

/** Unlimited shows as an empty field (empty means unlimited). */
const asText = (value: number) => (value === UNLIMITED ? '' : String(value));

/**
 * 'Add New Pack' / 'Edit Pack'. Numbers are typed as text and read with the pack
 * form's rules on confirm; the list changes only on confirmation and still needs a save.
 */
export function PackDialog({ pack, isNew, onConfirm, onClose }: PackDialogProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<PackInput>(pack);
  const [numbers, setNumbers] = useState<Record<NumberField, string>>(() => ({
    monthly_price: asText(pack.monthly_price),
    yearly_price: asText(pack.yearly_price),
    minutes: asText(pack.minutes),
    users: asText(pack.users),
    whatsapp_conversations: asText(pack.whatsapp_conversations),
    max_agents: asText(pack.max_agents),
  }));

  const confirm = () => {
    const parsed = Object.fromEntries(
      (Object.keys(fieldKind) as NumberField[]).map((field) => [
        field,
        parsePackField(fieldKind[field], numbers[field]),
      ]),
    ) as Record<NumberField, number>;
    onConfirm({ ...draft, ...parsed, name: draft.name.trim() || 'New Pack' });
  };

  const numberInput = (field: NumberField, unlimited: boolean) => (
    <FormGroup
      label={t(`packs:form.${field}`)}
      labelFor={`pack-${field}`}
      {...(unlimited ? { helperText: t('packs:form.emptyUnlimited') } : {})}
    >
      <InputGroup
        id={`pack-${field}`}
        inputMode="decimal"
        value={numbers[field]}
        onValueChange={(value) => setNumbers((n) => ({ ...n, [field]: value }))}
      />
    </FormGroup>
  );

  const select = (field: 'support' | 'ai_call_summary' | 'voice_cloning', options: readonly PackChoice[]) => (
    <FormGroup label={t(`packs:form.${field}`)} labelFor={`pack-${field}`}>
      <HTMLSelect
        id={`pack-${field}`}
        value={draft[field]}
        options={options.map((value) => ({ value, label: t(`packs:choices.${value}`) }))}
        onChange={(e) => setDraft((d) => ({ ...d, [field]: e.currentTarget.value }))}
      />
    </FormGroup>
  );

  return (
    <Dialog isOpen onClose={onClose} title={t(isNew ? 'packs:form.addTitle' : 'packs:form.editTitle')}>
      <DialogBody>
        <FormGroup label={t('packs:form.name')} labelFor="pack-name">
          <LimitedInput
            id="pack-name"
            value={draft.name}
            max={PACK_NAME_MAX}
            onValueChange={(name) => setDraft((d) => ({ ...d, name }))}
          />
        </FormGroup>
        <div className="packs-form-row">
          {numberInput('monthly_price', false)}
          {numberInput('yearly_price', false)}
        </div>
        <div className="packs-form-row">
          {numberInput('minutes', false)}
          {numberInput('users', true)}
        </div>
        <div className="packs-form-row">
          {numberInput('whatsapp_conversations', true)}
          {numberInput('max_agents', true)}
        </div>
        <div className="packs-form-row">
          {select('support', PACK_SUPPORT)}
          {select('ai_call_summary', PACK_TIERS)}
          {select('voice_cloning', PACK_TIERS)}
        </div>
        <FormGroup label={t('packs:form.crm_integrations')} labelFor="pack-crm">
          <HTMLSelect
            id="pack-crm"
            value={draft.crm_integrations ?? 'None'}
            options={PACK_CRM.map((value) => ({ value, label: t(`packs:choices.${value}`) }))}
            onChange={(e) =>
              setDraft((d) => ({ ...d, crm_integrations: e.currentTarget.value as PackInput['crm_integrations'] }))
            }
          />
        </FormGroup>
        <Switch
          label={t('packs:form.transcription')}
          checked={draft.transcription}
          onChange={(e) => setDraft((d) => ({ ...d, transcription: e.currentTarget.checked }))}
        />
        <Switch
          label={t('packs:form.active')}
          checked={draft.active}
          onChange={(e) => setDraft((d) => ({ ...d, active: e.currentTarget.checked }))}
        />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('packs:form.cancel')} onClick={onClose} />
            <Button
              intent={Intent.PRIMARY}
              text={t(isNew ? 'packs:form.add' : 'packs:form.update')}
              onClick={confirm}
            />
          </>
        }
      />
    </Dialog>
  );
}
