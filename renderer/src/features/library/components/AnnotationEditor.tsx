import { Button, Callout, Classes, FormGroup, H5, HTMLSelect, Intent, Tag, TagInput } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ANNOTATION_NOTES_MAX,
  ANNOTATION_TAG_MAX_LENGTH,
  ANNOTATION_TAGS_MAX,
  RUBRIC_CRITERIA,
  RUBRIC_MAX,
  RUBRIC_MIN,
  rubricAverage,
  type RubricCriterion,
} from '@contracts/recording-library-rules.ts';
import { formatDate } from '../../../lib/dates.ts';
import type { AnnotationInput, AnnotationState } from '../api/desktopLibrary.ts';
import { syncIntent, syncLabel } from './LibraryTable.tsx';
import { LimitedTextArea } from '../../../components/LimitedText.tsx';

const scores = Array.from({ length: RUBRIC_MAX - RUBRIC_MIN + 1 }, (_, i) => RUBRIC_MIN + i);

/**
 * Notes, tags and the quality rubric of one recording, saved on this computer first and synced by
 * main; shows the sync state and, when a newer edit made elsewhere won, what was replaced. Give it
 * `key` = recording id + edit time so a synced or replaced annotation restarts the form.
 */
export function AnnotationEditor({
  annotation,
  saving,
  onSave,
}: {
  annotation: AnnotationState;
  saving: boolean;
  onSave: (input: AnnotationInput) => void;
}) {
  const { t, i18n } = useTranslation();
  const [notes, setNotes] = useState(annotation.notes);
  const [tags, setTags] = useState<string[]>(annotation.tags);
  const [rubric, setRubric] = useState<AnnotationInput['rubric']>(annotation.rubric);
  // Hides the note for this edit; main clears it for good on the next save.
  const [conflictDismissed, setConflictDismissed] = useState(false);
  const average = rubricAverage(rubric);

  const setScore = (criterion: RubricCriterion, value: string) =>
    setRubric((previous) => {
      const next = { ...previous };
      if (value === '') delete next[criterion];
      else next[criterion] = Number(value);
      return next;
    });
  const addTags = (values: string[]) =>
    setTags((previous) =>
      [
        ...new Set([...previous, ...values.map((v) => v.trim().slice(0, ANNOTATION_TAG_MAX_LENGTH)).filter(Boolean)]),
      ].slice(0, ANNOTATION_TAGS_MAX),
    );

  return (
    <section className="library-annotation" aria-label={t('library:annotation.title')}>
      <H5>
        {t('library:annotation.title')}{' '}
        <Tag minimal intent={syncIntent[annotation.syncState]} role="status" data-sync-state={annotation.syncState}>
          {t(syncLabel[annotation.syncState])}
        </Tag>
      </H5>
      {annotation.conflict && !conflictDismissed && (
        <ReplacedEdit
          conflict={annotation.conflict}
          language={i18n.language}
          onDismiss={() => setConflictDismissed(true)}
        />
      )}
      <FormGroup label={t('library:annotation.notes')} labelFor="library-notes">
        <LimitedTextArea
          id="library-notes"
          fill
          rows={4}
          max={ANNOTATION_NOTES_MAX}
          value={notes}
          onValueChange={setNotes}
        />
      </FormGroup>
      <FormGroup
        label={t('library:annotation.tags')}
        helperText={t('library:annotation.tagsHint', {
          count: tags.length,
          max: ANNOTATION_TAGS_MAX,
          length: ANNOTATION_TAG_MAX_LENGTH,
        })}
      >
        <TagInput
          values={tags}
          onAdd={addTags}
          onRemove={(_value, index) => setTags((previous) => previous.filter((_, i) => i !== index))}
          inputProps={{ 'aria-label': t('library:annotation.tags') }}
        />
      </FormGroup>
      <fieldset className="library-rubric">
        <legend>{t('library:annotation.rubric')}</legend>
        {RUBRIC_CRITERIA.map((criterion) => (
          <FormGroup
            key={criterion}
            label={t(`library:annotation.criteria.${criterion}`)}
            labelFor={`rubric-${criterion}`}
            inline
          >
            <HTMLSelect
              id={`rubric-${criterion}`}
              value={rubric[criterion] === undefined ? '' : String(rubric[criterion])}
              onChange={(e) => setScore(criterion, e.currentTarget.value)}
            >
              <option value="">{t('library:annotation.notScored')}</option>
              {scores.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
        ))}
        {average !== null && <p>{t('library:annotation.average', { score: average })}</p>}
      </fieldset>
      <Button
        intent={Intent.PRIMARY}
        icon="floppy-disk"
        loading={saving}
        text={t('library:annotation.save')}
        onClick={() => onSave({ notes, tags, rubric })}
      />
    </section>
  );
}

/** What a newer edit made elsewhere replaced: the local notes, tags and rubric scores, dismissable. */
function ReplacedEdit({
  conflict,
  language,
  onDismiss,
}: {
  conflict: NonNullable<AnnotationState['conflict']>;
  language: string;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const { discarded } = conflict;
  const scored = RUBRIC_CRITERIA.filter((criterion) => discarded.rubric[criterion] !== undefined);
  const average = rubricAverage(discarded.rubric);
  const none = <span className={Classes.TEXT_MUTED}>{t('library:annotation.conflictEmpty')}</span>;
  return (
    <Callout
      intent={Intent.WARNING}
      title={t('library:annotation.conflictTitle')}
      role="alert"
      className="library-conflict"
    >
      <p>
        {t('library:annotation.conflictBody', {
          mine: formatDate(conflict.discardedEditedAt, language),
          theirs: formatDate(conflict.winnerEditedAt, language),
        })}
      </p>
      <dl>
        <dt>{t('library:annotation.conflictNotes')}</dt>
        <dd data-replaced="notes">{discarded.notes ? <blockquote>{discarded.notes}</blockquote> : none}</dd>
        <dt>{t('library:annotation.conflictTags')}</dt>
        <dd data-replaced="tags">
          {discarded.tags.length > 0
            ? discarded.tags.map((tag) => (
                <Tag key={tag} minimal>
                  {tag}
                </Tag>
              ))
            : none}
        </dd>
        <dt>{t('library:annotation.conflictRubric')}</dt>
        <dd data-replaced="rubric">
          {scored.length > 0 ? (
            <>
              {scored
                .map((criterion) => `${t(`library:annotation.criteria.${criterion}`)} ${discarded.rubric[criterion]}`)
                .join(' · ')}
              {average !== null && ` (${t('library:annotation.average', { score: average })})`}
            </>
          ) : (
            none
          )}
        </dd>
      </dl>
      <Button variant="minimal" icon="cross" text={t('library:annotation.conflictDismiss')} onClick={onDismiss} />
    </Callout>
  );
}
