import { Alert, Button, Classes, Dialog, DialogBody, DialogFooter, H5, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { recordingDownloadName } from '@contracts/history.ts';
import { formatPhone } from '@contracts/phone-format.ts';
import { QueryState, SkeletonLines } from '../../../components/QueryState.tsx';
import { formatDate } from '../../../lib/dates.ts';
import type { CallRow } from '../api/callHistory.ts';
import { downloadRecording, useRecordingUrlQuery } from '../api/recording.ts';
import { useTranscriptQuery } from '../api/transcript.ts';
import { saveFile } from '../exportFiles.ts';
import { CallStatusTag } from './CallStatusTag.tsx';
import { Transcript } from './Transcript.tsx';
import { WaveformPlayer } from './WaveformPlayer.tsx';

/** The call details: caller and status, recording player, download under its fixed file name, transcript. */
export function CallDetailsDialog({ call, onClose }: { call: CallRow; onClose: () => void }) {
  const { t } = useTranslation();
  const recording = useRecordingUrlQuery(call.recording_path);
  const transcript = useTranscriptQuery(call.conversation_id);
  const [downloading, setDownloading] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState(false);

  const download = async () => {
    if (!call.recording_path) return;
    setDownloading(true);
    try {
      const blob = await downloadRecording(call.recording_path);
      const name = recordingDownloadName(
        call.kind,
        new Date(call.started_at),
        call.recording_path,
        call.recording_mime,
      );
      saveFile(name, blob, blob.type);
    } catch {
      setDownloadFailed(true);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t('history:calls.dialogTitle', { date: formatDate(call.started_at, 'fr') })}
      className="call-details-dialog"
    >
      <DialogBody>
        {/* Who called and how it ended: for a missed call, the number to call back. */}
        <p className="call-details-summary">
          <span className={Classes.TEXT_MUTED}>{t('history:calls.caller')}</span>
          <strong>{call.from_number ? formatPhone(call.from_number) : t('history:calls.browserCaller')}</strong>
          <CallStatusTag status={call.status} />
        </p>
        {call.recording_path ? (
          <WaveformPlayer
            key={recording.data ?? 'signing'}
            url={recording.data ?? null}
            signError={recording.error}
            onRetry={() => void recording.refetch()}
          />
        ) : (
          <p className={Classes.TEXT_MUTED}>{t('history:calls.noRecording')}</p>
        )}
        <H5 className="call-details-heading">{t('history:calls.transcript')}</H5>
        {call.conversation_id ? (
          <QueryState
            query={transcript}
            loading={<SkeletonLines count={3} />}
            isEmpty={(messages) => messages.length === 0}
            empty={<p className={Classes.TEXT_MUTED}>{t('history:calls.noTranscript')}</p>}
          >
            {(messages) => <Transcript messages={messages} />}
          </QueryState>
        ) : (
          <p className={Classes.TEXT_MUTED}>{t('history:calls.noTranscript')}</p>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('history:calls.close')} onClick={onClose} />
            <Button
              icon="download"
              intent={Intent.PRIMARY}
              text={t('history:calls.download')}
              disabled={!call.recording_path}
              loading={downloading}
              onClick={() => void download()}
            />
          </>
        }
      />
      <Alert isOpen={downloadFailed} onClose={() => setDownloadFailed(false)} intent={Intent.DANGER}>
        {t('history:calls.downloadError')}
      </Alert>
    </Dialog>
  );
}
