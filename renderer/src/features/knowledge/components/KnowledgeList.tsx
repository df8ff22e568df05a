import { Button, Classes, Icon, Intent, ProgressBar, Tag, type IconName } from '@blueprintjs/core';
import { UPLOAD_INTERRUPTED } from '@contracts/knowledge-documents.ts';
import { useTranslation } from 'react-i18next';
import type { KnowledgeDocument } from '../api/knowledgeDocuments.ts';
import { messageText } from '../../../errors/errorText.ts';
import { serverErrorKey } from '../api/knowledgeError.ts';
import { formatFileSize, KNOWLEDGE_MAX_MEGABYTES } from '../knowledgeFiles.ts';

/** A file this page is sending: its document once the server recorded it, and how far it got. */
export interface PendingUpload {
  key: string;
  name: string;
  size: number;
  phase: 'uploading' | 'processing';
  fraction: number;
  documentId: string | null;
}

export interface KnowledgeListProps {
  documents: KnowledgeDocument[];
  /** Every upload of this page; those whose document is listed are drawn on the document's row. */
  uploads: PendingUpload[];
  busyIds: ReadonlySet<string>;
  onDelete: (document: KnowledgeDocument) => void;
  onReingest: (document: KnowledgeDocument) => void;
  /** An interrupted upload: the owner picks the file again for that same document. */
  onRetryUpload: (document: KnowledgeDocument) => void;
}

/** Uploads with no row to show them yet (the server has not answered, or the list has not caught up). */
export function uploadsWithoutRow(uploads: readonly PendingUpload[], documents: readonly KnowledgeDocument[]) {
  return uploads.filter((u) => u.documentId === null || !documents.some((d) => d.id === u.documentId));
}

export const isInterruptedUpload = (document: KnowledgeDocument) =>
  document.status === 'failed' && document.errorCode === UPLOAD_INTERRUPTED;

const TYPE_ICONS: Record<string, IconName> = { pdf: 'document', docx: 'manual', csv: 'th', txt: 'align-left' };

function typeIcon(name: string): IconName {
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  return TYPE_ICONS[extension] ?? 'document';
}

/** The documents and the uploads in flight, newest first. */
export function KnowledgeList({
  documents,
  uploads,
  busyIds,
  onDelete,
  onReingest,
  onRetryUpload,
}: KnowledgeListProps) {
  const { t, i18n } = useTranslation();
  const sending = new Map(uploads.flatMap((u) => (u.documentId ? [[u.documentId, u] as const] : [])));
  /** The failure in the owner's language when the console knows its code, else the server's sentence. */
  const reason = (document: KnowledgeDocument) => {
    const key = serverErrorKey(document.errorCode);
    return key ? messageText(t, key, { megabytes: KNOWLEDGE_MAX_MEGABYTES }) : document.error;
  };
  return (
    <ul className="knowledge-list" aria-label={t('knowledge:title')}>
      {uploadsWithoutRow(uploads, documents).map((upload) => (
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
        const local = sending.get(document.id);
        // This page's own upload moves with every progress event; another page's with its reports.
        const uploadPercent = local
          ? Math.round((local.phase === 'uploading' ? local.fraction : 1) * 100)
          : document.progress;
        const interrupted = isInterruptedUpload(document);
        const failure = document.status === 'failed' ? reason(document) : null;
        return (
          <li key={document.id} className="knowledge-item" aria-label={document.name} data-status={document.status}>
            <Icon icon={typeIcon(document.name)} size={20} className={Classes.TEXT_MUTED} />
            <div className="knowledge-item-main">
              <div className="knowledge-item-name">{document.name}</div>
              <div className={`knowledge-item-meta ${Classes.TEXT_MUTED}`}>
                {formatFileSize(document.sizeBytes, i18n.language)}
                {document.status === 'uploaded' && ` · ${t('knowledge:chunks', { count: document.chunkCount })}`}
              </div>
              {document.status === 'uploading' && <ProgressBar value={uploadPercent / 100} intent={Intent.PRIMARY} />}
              {document.status === 'processing' && (
                <ProgressBar value={document.progress / 100} intent={Intent.PRIMARY} />
              )}
              {failure && (
                <div className="knowledge-item-error" role="alert">
                  {failure}
                </div>
              )}
            </div>
            {document.status === 'uploading' && (
              <Tag minimal intent={Intent.PRIMARY} className="knowledge-item-status">
                {t('knowledge:status.uploading', { percent: uploadPercent })}
              </Tag>
            )}
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
                {t(interrupted ? 'knowledge:status.interrupted' : 'knowledge:status.failed')}
              </Tag>
            )}
            <div className="knowledge-item-actions">
              {interrupted && (
                <Button
                  variant="minimal"
                  icon="upload"
                  text={t('knowledge:actions.retry')}
                  loading={busy}
                  disabled={busy}
                  onClick={() => onRetryUpload(document)}
                />
              )}
              {/* Only a whole stored file can be processed again: not one on its way, nor one cut short. */}
              {(document.status === 'uploaded' || (document.status === 'failed' && !interrupted)) && (
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
                disabled={busy || local !== undefined}
                onClick={() => onDelete(document)}
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
