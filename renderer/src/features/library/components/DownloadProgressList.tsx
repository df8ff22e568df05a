import { Card, H4, Intent, ProgressBar, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { DownloadProgress } from '../api/desktopLibrary.ts';
import { formatBytes } from '../format.ts';

const intentOf: Record<DownloadProgress['state'], Intent> = {
  queued: Intent.NONE,
  downloading: Intent.PRIMARY,
  retrying: Intent.WARNING,
  done: Intent.SUCCESS,
  failed: Intent.DANGER,
  cancelled: Intent.NONE,
};

/** One progress bar per recording of the downloads started on this page. */
export function DownloadProgressList({
  downloads,
  names,
}: {
  downloads: DownloadProgress[];
  names: Map<string, string>;
}) {
  const { t, i18n } = useTranslation();
  if (downloads.length === 0) return null;
  return (
    <Card className="library-progress">
      <H4>{t('library:progress.title')}</H4>
      <ul className="library-progress-list">
        {downloads.map((d) => {
          const name = names.get(d.id) ?? d.id.slice(0, 8);
          const fraction = d.totalBytes > 0 ? d.receivedBytes / d.totalBytes : 0;
          return (
            <li key={d.id} data-recording={d.id} data-state={d.state}>
              <span>{name}</span>
              <ProgressBar
                aria-label={t('library:progress.label', { name })}
                value={d.state === 'done' ? 1 : fraction}
                intent={intentOf[d.state]}
                animate={d.state === 'downloading'}
                stripes={d.state === 'downloading' || d.state === 'queued'}
              />
              <Tag minimal intent={intentOf[d.state]} role="status">
                {t(`library:progress.states.${d.state}`)}
                {d.error && ` (${t(`library:progress.errors.${d.error}`)})`}
                {d.resumedFrom > 0 &&
                  ` · ${t('library:progress.resumed', { size: formatBytes(d.resumedFrom, i18n.language) })}`}
              </Tag>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
