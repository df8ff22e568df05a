import { Alert, Button, FormGroup, InputGroup, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { announcementSchema, type Announcement } from '../api/publishAnnouncement.ts';

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
  const tooLong = { subject: subject.trim().length > 150, body: body.trim().length > 5000 };

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
      <FormGroup
        label={t('admin:announcements.subject')}
        labelFor="announcement-subject"
        intent={tooLong.subject ? 'danger' : 'none'}
        helperText={tooLong.subject ? t('admin:announcements.tooLong', { max: 150 }) : undefined}
      >
        <InputGroup id="announcement-subject" value={subject} onChange={(e) => setSubject(e.target.value)} />
      </FormGroup>
      <FormGroup
        label={t('admin:announcements.body')}
        labelFor="announcement-body"
        intent={tooLong.body ? 'danger' : 'none'}
        helperText={tooLong.body ? t('admin:announcements.tooLong', { max: 5000 }) : undefined}
      >
        <TextArea id="announcement-body" fill rows={8} value={body} onChange={(e) => setBody(e.target.value)} />
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
