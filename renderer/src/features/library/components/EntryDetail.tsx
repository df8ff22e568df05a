import { Button, Card, H4, NonIdealState } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/dates.ts';
import { WaveformPlayer } from '../../history/components/WaveformPlayer.tsx';
import type { AnnotationInput, LibraryEntryDetail } from '../api/desktopLibrary.ts';
import { AnnotationEditor } from './AnnotationEditor.tsx';

/**
 * One downloaded recording: the call history's waveform player on the local copy (served by the
 * desktop app, so it plays with the network off), the transcript and the annotation editor.
 */
export function EntryDetail({
  entry,
  saving,
  onSave,
  onShowInFolder,
  onClose,
}: {
  entry: LibraryEntryDetail;
  saving: boolean;
  onSave: (input: AnnotationInput) => void;
  onShowInFolder: () => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [playerKey, setPlayerKey] = useState(0);
  return (
    <Card
      className="library-detail"
      aria-label={t('library:detail.title', { date: formatDate(entry.startedAt, i18n.language) })}
    >
      <div className="library-detail-header">
        <H4>{t('library:detail.title', { date: formatDate(entry.startedAt, i18n.language) })}</H4>
        <Button variant="minimal" icon="folder-open" text={t('library:detail.showInFolder')} onClick={onShowInFolder} />
        <Button variant="minimal" icon="cross" aria-label={t('library:detail.close')} onClick={onClose} />
      </div>
      <WaveformPlayer
        key={`${entry.id}-${playerKey}`}
        url={entry.mediaUrl}
        signError={null}
        onRetry={() => setPlayerKey((k) => k + 1)}
      />
      <section aria-label={t('library:detail.transcript')}>
        <h5>{t('library:detail.transcript')}</h5>
        {entry.transcript.length === 0 ? (
          <NonIdealState icon="document" description={t('library:detail.noTranscript')} />
        ) : (
          <ol className="library-transcript">
            {entry.transcript.map((line, i) => (
              <li key={i} data-role={line.role}>
                <strong>
                  {line.role === 'user' ? t('library:detail.roles.user') : t('library:detail.roles.assistant')}
                </strong>{' '}
                {line.content}
              </li>
            ))}
          </ol>
        )}
      </section>
      <AnnotationEditor
        key={`${entry.id}-${entry.annotation.editedAt ?? 'new'}-${entry.annotation.syncState}`}
        annotation={entry.annotation}
        saving={saving}
        onSave={onSave}
      />
    </Card>
  );
}
