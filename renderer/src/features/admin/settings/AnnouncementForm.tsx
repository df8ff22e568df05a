import { Alert, Button, FormGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { announcementSchema, type Announcement } from '../api/publishAnnouncement.ts';
import { LimitedInput, LimitedTextArea } from '../../../components/LimitedText.tsx';
import { ANNOUNCEMENT_LIMITS } from '@contracts/field-limits.ts';

/**
 * 'Announcements' (Profile › Settings › "Feature announcements" made real): an admin writes a
 * subject and a message; after a confirmation it is emailed to every owner with announcements on.
 * `onPublish` resolves once published (the form then clears) and rejects on failure (it keeps
 * the text).
 */
export function AnnouncementForm({
  publishing,
  onPublish,
}: {
  publishing: boolean;
  onPublish: (announcement: Announcement) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [confirming, setConfirming] = useState(false);
  const parsed = announcementSchema.safeParse({ subject, body });

  const publish = () => {
    setConfirming(false);
    if (!parsed.success) return;
    onPublish(parsed.data).then(
      () => {
        setSubject('');
        setBody('');
      },
      () => {},
    );
  };

  return (
    <div>
      <p className="admin-muted">{t('admin:announcements.help')}</p>
      <FormGroup label={t('admin:announcements.subject')} labelFor="announcement-subject">
        <LimitedInput
          id="announcement-subject"
          value={subject}
          max={ANNOUNCEMENT_LIMITS.subject}
          onValueChange={setSubject}
        />
      </FormGroup>
      <FormGroup label={t('admin:announcements.body')} labelFor="announcement-body">
        <LimitedTextArea
          id="announcement-body"
          fill
          rows={8}
          value={body}
          max={ANNOUNCEMENT_LIMITS.body}
          onValueChange={setBody}
        />
      </FormGroup>
      <Button
        intent="primary"
        icon="send-message"
        text={t('admin:announcements.publish')}
        disabled={!parsed.success || publishing}
        loading={publishing}
        onClick={() => setConfirming(true)}
      />
      <Alert
        isOpen={confirming}
        intent="primary"
        icon="send-message"
        confirmButtonText={t('admin:announcements.publish')}
        cancelButtonText={t('admin:announcements.cancel')}
        onCancel={() => setConfirming(false)}
        onConfirm={publish}
      >
        <p>{t('admin:announcements.confirm', { subject: subject.trim() })}</p>
      </Alert>
    </div>
  );
}
