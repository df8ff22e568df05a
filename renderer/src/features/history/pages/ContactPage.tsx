import { Button, Card, Classes, FormGroup, H2, H4, Intent, NonIdealState } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { formatCallDuration } from '@contracts/history.ts';
import { formatPhone } from '@contracts/phone-format.ts';
import { QueryState, SkeletonLines } from '../../../components/QueryState.tsx';
import { toAppError } from '../../../errors/appError.ts';
import { useContactQuery, useUpdateContactMutation, type Contact } from '../api/contacts.ts';
import { useContactTimelineQuery } from '../api/timeline.ts';
import { contactDisplayName } from '../components/ContactCardView.tsx';
import { ContactTimeline } from '../components/ContactTimeline.tsx';
import './history.css';
import { LimitedTextArea } from '../../../components/LimitedText.tsx';
import { CONTACT_LIMITS } from '@contracts/field-limits.ts';
import { errorText } from '../../../errors/errorText.ts';

/** /contacts/{id}: the person, their favourite flag and notes, and their timeline on every channel. */
export function ContactPage() {
  const { t } = useTranslation();
  const { contactId = '' } = useParams();
  const contact = useContactQuery(contactId);
  return (
    <div className="history-page">
      <Link to="/contacts">{t('history:contact.back')}</Link>
      <QueryState
        query={contact}
        loading={<SkeletonLines count={4} />}
        isEmpty={(c) => c === null}
        empty={
          <NonIdealState
            icon="id-number"
            title={t('history:contact.notFound')}
            description={t('history:contact.notFoundHint')}
          />
        }
      >
        {(c) => (c ? <ContactDetails contact={c} /> : null)}
      </QueryState>
    </div>
  );
}

function ContactDetails({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const name = contactDisplayName(contact) || t('history:contacts.unnamed');
  const update = useUpdateContactMutation(contact.id);
  const [notes, setNotes] = useState(contact.notes);
  const timeline = useContactTimelineQuery(contact.id);
  const saveError = update.error ? toAppError(update.error) : null;
  return (
    <>
      <header className="history-header">
        <H2>{name}</H2>
        <Button
          icon={contact.favorite ? 'star' : 'star-empty'}
          intent={contact.favorite ? Intent.WARNING : Intent.NONE}
          aria-pressed={contact.favorite}
          text={t('history:contacts.favorite')}
          loading={update.isPending && update.variables.favorite !== undefined}
          onClick={() => update.mutate({ favorite: !contact.favorite })}
        />
      </header>
      <div className="contact-layout">
        <Card>
          {contact.phone && (
            <p>
              <strong>{t('history:contact.phone')}:</strong> {formatPhone(contact.phone)}
            </p>
          )}
          {contact.email && (
            <p>
              <strong>{t('history:contact.email')}:</strong> {contact.email}
            </p>
          )}
          <p>
            <strong>{t('history:contact.totalCalls')}:</strong> {formatCallDuration(contact.total_call_duration)}
          </p>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              update.mutate({ notes });
            }}
          >
            <FormGroup label={t('history:contact.notes')} labelFor="contact-notes">
              <LimitedTextArea
                id="contact-notes"
                fill
                rows={5}
                max={CONTACT_LIMITS.notes}
                placeholder={t('history:contact.notesPlaceholder')}
                value={notes}
                onValueChange={setNotes}
              />
            </FormGroup>
            <Button
              type="submit"
              intent={Intent.PRIMARY}
              text={t('history:contact.saveNotes')}
              disabled={notes === contact.notes}
              loading={update.isPending && update.variables.notes !== undefined}
            />
            {update.isSuccess && notes === contact.notes && (
              <span className={Classes.TEXT_MUTED} role="status">
                {' '}
                {t('history:contact.saved')}
              </span>
            )}
            {saveError && (
              <p className={Classes.INTENT_DANGER} role="alert">
                {t('history:contact.saveError', { message: errorText(t, saveError) })}
              </p>
            )}
          </form>
        </Card>
        <section>
          <H4>{t('history:contact.timeline')}</H4>
          <QueryState
            query={timeline}
            errorTitle={t('history:contact.timelineError')}
            isEmpty={(data) => data.pages.every((p) => p.length === 0)}
            empty={<NonIdealState icon="timeline-events" title={t('history:contact.timelineEmpty')} />}
          >
            {(data) => <ContactTimeline entries={data.pages.flat()} />}
          </QueryState>
          {timeline.hasNextPage && (
            <Button
              text={t('history:contact.loadMore')}
              loading={timeline.isFetchingNextPage}
              onClick={() => void timeline.fetchNextPage()}
            />
          )}
        </section>
      </div>
    </>
  );
}
