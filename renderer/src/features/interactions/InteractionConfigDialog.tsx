import {
  Button,
  Callout,
  Checkbox,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  FileInput,
  FormGroup,
  Intent,
} from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERACTION_LIMITS } from '@contracts/interactions.ts';
import { megabytes } from '@contracts/limit-refusal.ts';
import { toAppError } from '../../errors/appError.ts';
import { uploadInteractionDocument } from './api.ts';
import { checkDocumentFile, interactionIssues, newInstruction, type Interaction } from './model.ts';
import { LimitedInput, LimitedTextArea } from '../../components/LimitedText.tsx';
import { errorText } from '../../errors/errorText.ts';

export interface InteractionConfigDialogProps {
  agent: { id: string; userId: string };
  interaction: Interaction;
  onChange: (next: Interaction) => void;
  onClose: () => void;
  makeId: () => string;
  busy: boolean;
  onBusy: (busy: boolean) => void;
}

/** Edits apply to the list as they are typed (autosave picks them up); Escape closes unless busy. */
export function InteractionConfigDialog({
  agent,
  interaction,
  onChange,
  onClose,
  makeId,
  busy,
  onBusy,
}: InteractionConfigDialogProps) {
  const { t } = useTranslation();
  const [fileError, setFileError] = useState<string | null>(null);
  const issues = interactionIssues(interaction);

  const setInstruction = (id: string, value: string) =>
    onChange({
      ...interaction,
      instructions: interaction.instructions.map((item) => (item.id === id ? { ...item, value } : item)),
    });

  const upload = async (file: File) => {
    if (interaction.type !== 'share_document') return;
    const check = checkDocumentFile(file);
    if (!check.ok) {
      setFileError(
        t(check.reason === 'type' ? 'interactions:errors.fileType' : 'interactions:errors.fileSize', {
          megabytes: megabytes(INTERACTION_LIMITS.documentBytes),
        }),
      );
      return;
    }
    setFileError(null);
    onBusy(true);
    try {
      const stored = await uploadInteractionDocument(agent, file);
      onChange({
        ...interaction,
        name: interaction.name || file.name,
        config: { ...interaction.config, ...stored },
      });
    } catch (error) {
      const appError = toAppError(error);
      setFileError(errorText(t, appError));
    } finally {
      onBusy(false);
    }
  };

  return (
    <Dialog
      isOpen
      title={t('interactions:config.title', { type: t(`interactions:types.${interaction.type}`) })}
      onClose={() => {
        if (!busy) onClose();
      }}
      canEscapeKeyClose={!busy}
      canOutsideClickClose={!busy}
      className="interaction-config-dialog"
    >
      <DialogBody>
        <FormGroup label={t('interactions:config.name')} labelFor="interaction-name">
          <LimitedInput
            id="interaction-name"
            value={interaction.name}
            placeholder={t('interactions:config.namePlaceholder')}
            max={INTERACTION_LIMITS.name}
            onValueChange={(name) => onChange({ ...interaction, name })}
          />
        </FormGroup>

        {interaction.type === 'share_document' ? (
          <FormGroup
            label={t('interactions:config.document')}
            helperText={t('interactions:config.documentHelp', {
              megabytes: megabytes(INTERACTION_LIMITS.documentBytes),
            })}
          >
            <FileInput
              fill
              disabled={busy}
              text={
                busy
                  ? t('interactions:config.uploading')
                  : (interaction.config.file_name ?? t('interactions:config.chooseFile'))
              }
              buttonText={
                interaction.config.file_name
                  ? t('interactions:config.replaceFile')
                  : t('interactions:config.chooseFile')
              }
              hasSelection={Boolean(interaction.config.file_name)}
              inputProps={{
                accept: '.pdf,.doc,.docx,.txt,.png,.jpg,.jpeg',
                'aria-label': t('interactions:config.document'),
              }}
              onInputChange={(event) => {
                const file = event.currentTarget.files?.[0];
                event.currentTarget.value = '';
                if (file) void upload(file);
              }}
            />
            {fileError && (
              <Callout intent={Intent.DANGER} icon="error" className="interaction-field-error" role="alert">
                {fileError}
              </Callout>
            )}
          </FormGroup>
        ) : (
          <>
            <FormGroup
              label={t('interactions:config.url')}
              labelFor="interaction-url"
              intent={issues.includes('url') ? Intent.DANGER : Intent.NONE}
              helperText={issues.includes('url') ? t('interactions:config.invalidUrl') : undefined}
            >
              <LimitedInput
                id="interaction-url"
                type="url"
                value={interaction.config.url}
                max={INTERACTION_LIMITS.url}
                placeholder={t('interactions:config.urlPlaceholder')}
                intent={issues.includes('url') ? Intent.DANGER : Intent.NONE}
                onValueChange={(url) => onChange({ ...interaction, config: { ...interaction.config, url } })}
              />
            </FormGroup>
            <FormGroup label={t('interactions:config.urlTitle')} labelFor="interaction-url-title">
              <LimitedInput
                id="interaction-url-title"
                value={interaction.config.url_title}
                max={INTERACTION_LIMITS.urlTitle}
                onValueChange={(url_title) =>
                  onChange({ ...interaction, config: { ...interaction.config, url_title } })
                }
              />
            </FormGroup>
            <FormGroup label={t('interactions:config.urlDescription')} labelFor="interaction-url-description">
              <LimitedTextArea
                id="interaction-url-description"
                fill
                max={INTERACTION_LIMITS.urlDescription}
                value={interaction.config.url_description}
                onValueChange={(url_description) =>
                  onChange({ ...interaction, config: { ...interaction.config, url_description } })
                }
              />
            </FormGroup>
          </>
        )}

        <FormGroup
          label={t('interactions:config.channels')}
          intent={issues.includes('channel') ? Intent.DANGER : Intent.NONE}
          helperText={issues.includes('channel') ? t('interactions:config.selectChannel') : undefined}
        >
          <ChannelBoxes interaction={interaction} onChange={onChange} />
        </FormGroup>

        <FormGroup label={t('interactions:config.instructions')} helperText={t('interactions:config.instructionsHelp')}>
          {interaction.instructions.map((item, index) => (
            <div key={item.id} className="interaction-instruction">
              <div className="interaction-instruction-field">
                <LimitedInput
                  id={`interaction-instruction-${item.id}`}
                  fill
                  value={item.value}
                  max={INTERACTION_LIMITS.instruction}
                  aria-label={`${t('interactions:config.instructions')} ${index + 1}`}
                  placeholder={t('interactions:config.instructionPlaceholder')}
                  onValueChange={(value) => setInstruction(item.id, value)}
                />
              </div>
              <Button
                variant="minimal"
                icon="cross"
                aria-label={t('interactions:config.removeInstruction')}
                title={t('interactions:config.removeInstruction')}
                onClick={() =>
                  onChange({
                    ...interaction,
                    instructions: interaction.instructions.filter((other) => other.id !== item.id),
                  })
                }
              />
            </div>
          ))}
          <Button
            variant="minimal"
            icon="plus"
            text={t('interactions:config.addInstruction')}
            disabled={interaction.instructions.length >= INTERACTION_LIMITS.instructions}
            onClick={() =>
              onChange({ ...interaction, instructions: [...interaction.instructions, newInstruction(makeId)] })
            }
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <Button intent={Intent.PRIMARY} text={t('interactions:config.done')} disabled={busy} onClick={onClose} />
        }
      >
        <span className={Classes.TEXT_MUTED}>{t(`interactions:typeDescriptions.${interaction.type}`)}</span>
      </DialogFooter>
    </Dialog>
  );
}

function ChannelBoxes({ interaction, onChange }: { interaction: Interaction; onChange: (next: Interaction) => void }) {
  const { t } = useTranslation();
  if (interaction.type === 'share_document') {
    return (
      <>
        <Checkbox
          label={t('interactions:config.email')}
          checked={interaction.config.send_email}
          onChange={(event) =>
            onChange({ ...interaction, config: { ...interaction.config, send_email: event.currentTarget.checked } })
          }
        />
        <Checkbox
          label={t('interactions:config.whatsapp')}
          checked={interaction.config.send_whatsapp}
          onChange={(event) =>
            onChange({ ...interaction, config: { ...interaction.config, send_whatsapp: event.currentTarget.checked } })
          }
        />
      </>
    );
  }
  return (
    <>
      <Checkbox
        label={t('interactions:config.email')}
        checked={interaction.config.send_url_email}
        onChange={(event) =>
          onChange({ ...interaction, config: { ...interaction.config, send_url_email: event.currentTarget.checked } })
        }
      />
      <Checkbox
        label={t('interactions:config.whatsapp')}
        checked={interaction.config.send_url_whatsapp}
        onChange={(event) =>
          onChange({
            ...interaction,
            config: { ...interaction.config, send_url_whatsapp: event.currentTarget.checked },
          })
        }
      />
    </>
  );
}
