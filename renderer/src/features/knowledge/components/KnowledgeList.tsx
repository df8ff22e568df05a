import { Button, Classes, Icon, Intent, ProgressBar, Tag, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { KnowledgeDocument } from '../api/knowledgeDocuments.ts';
import { formatFileSize } from '../knowledgeFiles.ts';

/** A file on its way in: bytes still uploading, or uploaded and waiting for its document row. */
export interface PendingUpload {
  key: string;
  name: string;
  size: number;
  phase: 'uploading' | 'processing';
  fraction: number;
  storagePath: string | null;
}

export interface KnowledgeListProps {
  documents: KnowledgeDocument[];
  uploads: PendingUpload[];
  busyIds: ReadonlySet<string>;
  onDelete: (document: KnowledgeDocument) => void;
  onReingest: (document: KnowledgeDocument) => void;
}

const TYPE_ICONS: Record<string, IconName> = { pdf: 'document', docx: 'manual', csv: 'th', txt: 'align-left' };

function typeIcon(name: string): IconName {
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  return TYPE_ICONS[extension] ?? 'document';
}

/** The documents and the uploads in flight, newest first. */
export function KnowledgeList({ documents, uploads, busyIds, onDelete, onReingest }: KnowledgeListProps) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="knowledge-list" aria-label={t('knowledge:title')}>
      {uploads.map((upload) => (
        <li key={upload.key} className="knowledge-item" aria-label={upload.name} data-status="uploading">
          <Icon icon={typeIcon(upload.name)} size={20} className={Classes.TEXT_MUTED} />
          <div className="knowledge-item-main">
            <div className="knowledge-item-name">{upload.name}</div>
            <div className={`knowledge-item-meta ${Classes.TEXT_MUTED}`}>
              {formatFileSize(upload.size, i18n.language)}
            </div>
            <ProgressBar
              value={upload.phase === 'uploading' ? upload.fraction : undefined}
              intent={Intent.PRIMARY}
              animate={upload.phase === 'processing'}
              stripes={upload.phase === 'processing'}
            />
          </div>
          <Tag minimal intent={Intent.PRIMARY} className="knowledge-item-status">
            {upload.phase === 'uploading'
              ? t('knowledge:status.uploading', { percent: Math.round(upload.fraction * 100) })
              : t('knowledge:status.starting')}
          </Tag>
        </li>
      ))}
      {documents.map((document) => {
        const busy = busyIds.has(document.id);
        return (
          <li key={document.id} className="knowledge-item" aria-label={document.name} data-status={document.status}>
            <Icon icon={typeIcon(document.name)} size={20} className={Classes.TEXT_MUTED} />
            <div className="knowledge-item-main">
              <div className="knowledge-item-name">{document.name}</div>
              <div className={`knowledge-item-meta ${Classes.TEXT_MUTED}`}>
                {formatFileSize(document.sizeBytes, i18n.language)}
                {document.status === 'uploaded' && ` · ${t('knowledge:chunks', { count: document.chunkCount })}`}
              </div>
              {document.status === 'processing' && (
                <ProgressBar value={document.progress / 100} intent={Intent.PRIMARY} />
              )}
              {document.status === 'failed' && document.error && (
                <div className="knowledge-item-error" role="alert">
                  {document.error}
                </div>
              )}
            </div>
            {document.status === 'processing' && (
              <Tag minimal intent={Intent.PRIMARY} className="knowledge-item-status">
                {t('knowledge:status.processing', { percent: document.progress })}
              </Tag>
            )}
            {document.status === 'uploaded' && (
              <Tag minimal intent={Intent.SUCCESS} icon="tick" className="knowledge-item-status">
                {t('knowledge:status.ready')}
              </Tag>
            )}
            {document.status === 'failed' && (
              <Tag minimal intent={Intent.DANGER} icon="error" className="knowledge-item-status">
                {t('knowledge:status.failed')}
              </Tag>
            )}
            <div className="knowledge-item-actions">
              {document.status !== 'processing' && (
                <Button
                  variant="minimal"
                  icon="refresh"
                  aria-label={t('knowledge:actions.reingest')}
                  title={t('knowledge:actions.reingest')}
                  loading={busy}
                  disabled={busy}
                  onClick={() => onReingest(document)}
                />
              )}
              <Button
                variant="minimal"
                icon="trash"
                intent={Intent.DANGER}
                aria-label={t('knowledge:actions.delete')}
                title={t('knowledge:actions.delete')}
                disabled={busy}
                onClick={() => onDelete(document)}
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
