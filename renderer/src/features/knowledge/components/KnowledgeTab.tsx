import { Alert, Classes, FileInput, H4, Icon, Intent, NonIdealState } from '@blueprintjs/core';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState, SkeletonLines } from '../../../components/QueryState.tsx';
import { toaster, toastSuccess } from '../../../components/toaster.ts';
import {
  uploadKnowledgeFile,
  useDeleteKnowledgeDocumentMutation,
  useKnowledgeDocumentsQuery,
  useReingestKnowledgeDocumentMutation,
  type KnowledgeDocument,
} from '../api/knowledgeDocuments.ts';
import { KnowledgeError } from '../api/knowledgeError.ts';
import {
  KNOWLEDGE_ACCEPT,
  KNOWLEDGE_MAX_MEGABYTES,
  checkKnowledgeFile,
  splitDuplicateFiles,
} from '../knowledgeFiles.ts';
import { KnowledgeList, type PendingUpload } from './KnowledgeList.tsx';
import './knowledge.css';

export interface KnowledgeTabProps {
  agentId: string | undefined;
  userId: string;
}

/**
 * The configure screen's knowledge tab (spec 001 §2.3, §4.3): several files at once, each with its
 * upload progress, then the document's processing progress, ready or failed with the reason.
 */
export function KnowledgeTab({ agentId, userId }: KnowledgeTabProps) {
  const { t, i18n } = useTranslation();
  const [uploads, setUploads] = useState<PendingUpload[]>([]);
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());
  const [confirmDelete, setConfirmDelete] = useState<KnowledgeDocument | null>(null);
  /** Files named like a document the agent already has, waiting for the owner's answer. */
  const [duplicates, setDuplicates] = useState<File[]>([]);
  const [dragging, setDragging] = useState(false);
  const sequence = useRef(0);
  const documents = useKnowledgeDocumentsQuery(agentId ?? '', uploads.length > 0);
  const remove = useDeleteKnowledgeDocumentMutation(agentId ?? '');
  const reingest = useReingestKnowledgeDocumentMutation(agentId ?? '');

  const showError = (error: unknown) => {
    const known =
      error instanceof KnowledgeError ? error : new KnowledgeError('uploadFailed', { status: String(error) });
    // Size refusals name the limit, the one the server checks.
    const limit = { megabytes: KNOWLEDGE_MAX_MEGABYTES };
    const message = t(known.messageKey, { ...limit, ...known.params });
    // The server's reason in the owner's language when the console knows its code; else as sent.
    const reasonKey = known.reasonKey;
    const reason = reasonKey && i18n.exists(reasonKey) ? t(reasonKey, limit) : known.reason;
    toaster.show({
      intent: Intent.DANGER,
      icon: 'error',
      message: reason ? `${message} ${reason}` : message,
    });
  };

  const setBusy = (id: string, busy: boolean) =>
    setBusyIds((current) => {
      const next = new Set(current);
      if (busy) next.add(id);
      else next.delete(id);
      return next;
    });

  const uploadOne = async (file: File) => {
    const key = `upload-${++sequence.current}`;
    const check = checkKnowledgeFile(file);
    if (!check.ok) {
      showError(new KnowledgeError(check.reason, { file: file.name }));
      return;
    }
    setUploads((list) => [
      { key, name: file.name, size: file.size, phase: 'uploading', fraction: 0, storagePath: null },
      ...list,
    ]);
    try {
      await uploadKnowledgeFile({ userId, agentId }, file, (progress) =>
        setUploads((list) =>
          list.map((u) =>
            u.key === key
              ? { ...u, phase: progress.phase, fraction: progress.fraction, storagePath: progress.storagePath }
              : u,
          ),
        ),
      );
      toastSuccess(t('knowledge:ready', { file: file.name }));
    } catch (error) {
      showError(error);
    } finally {
      // The document row (ready or failed) now tells the rest; a refused file leaves the list.
      setUploads((list) => list.filter((u) => u.key !== key));
      void documents.refetch();
    }
  };

  const addFiles = (files: FileList | null) => {
    const known = [...(documents.data ?? []).map((d) => d.name), ...uploads.map((u) => u.name)];
    const { fresh, duplicates: again } = splitDuplicateFiles(Array.from(files ?? []), known);
    for (const file of fresh) void uploadOne(file);
    if (again.length > 0) setDuplicates((waiting) => [...waiting, ...again]);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    addFiles(event.dataTransfer.files);
  };

  const rows = documents.data ?? [];
  // Once its row exists, an upload in processing is shown by the row (with the server's progress).
  const visibleUploads = uploads.filter(
    (u) => u.phase === 'uploading' || !rows.some((d) => d.storagePath !== null && d.storagePath === u.storagePath),
  );

  return (
    <div className="knowledge-tab">
      <div>
        <H4>{t('knowledge:title')}</H4>
        <p className={Classes.TEXT_MUTED}>{t('knowledge:intro', { megabytes: KNOWLEDGE_MAX_MEGABYTES })}</p>
      </div>
      <div
        className={`knowledge-drop${dragging ? ' is-dragging' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <Icon icon="cloud-upload" size={24} className={Classes.TEXT_MUTED} />
        <span>{t('knowledge:dropHint')}</span>
        <FileInput
          className="knowledge-file-input"
          text={t('knowledge:choose')}
          buttonText={t('knowledge:browse')}
          inputProps={{ multiple: true, accept: KNOWLEDGE_ACCEPT, 'aria-label': t('knowledge:choose') }}
          onInputChange={(event) => {
            addFiles(event.currentTarget.files);
            event.currentTarget.value = '';
          }}
        />
      </div>
      <QueryState
        query={documents}
        errorTitle={t('knowledge:errors.loadFailed')}
        loading={<SkeletonLines count={3} />}
        isEmpty={(list) => list.length === 0 && visibleUploads.length === 0}
        empty={
          <NonIdealState
            icon="book"
            title={t('knowledge:empty.title')}
            description={t('knowledge:empty.description')}
          />
        }
      >
        {(list) => (
          <KnowledgeList
            documents={list}
            uploads={visibleUploads}
            busyIds={busyIds}
            onDelete={setConfirmDelete}
            onReingest={(document) => {
              setBusy(document.id, true);
              reingest.mutate(document, {
                onSuccess: () => toastSuccess(t('knowledge:reingested', { file: document.name })),
                onError: showError,
                onSettled: () => setBusy(document.id, false),
              });
            }}
          />
        )}
      </QueryState>
      <Alert
        isOpen={duplicates.length > 0 && confirmDelete === null}
        intent={Intent.PRIMARY}
        icon="duplicate"
        confirmButtonText={t('knowledge:duplicateDialog.confirm')}
        cancelButtonText={t('knowledge:duplicateDialog.cancel')}
        onCancel={() => setDuplicates([])}
        onConfirm={() => {
          const again = duplicates;
          setDuplicates([]);
          for (const file of again) void uploadOne(file);
        }}
      >
        <p>
          <strong>{t('knowledge:duplicateDialog.title', { count: duplicates.length })}</strong>
        </p>
        <p data-testid="knowledge-duplicate-names">
          {t('knowledge:duplicateDialog.body', {
            count: duplicates.length,
            names: duplicates.map((f) => `“${f.name}”`).join(', '),
          })}
        </p>
      </Alert>
      <Alert
        isOpen={confirmDelete !== null}
        intent={Intent.DANGER}
        icon="trash"
        confirmButtonText={t('knowledge:deleteDialog.confirm')}
        cancelButtonText={t('knowledge:deleteDialog.cancel')}
        onCancel={() => setConfirmDelete(null)}
        onConfirm={() => {
          const document = confirmDelete;
          setConfirmDelete(null);
          if (!document) return;
          setBusy(document.id, true);
          remove.mutate(document, {
            onSuccess: () => toastSuccess(t('knowledge:deleted')),
            onError: showError,
            onSettled: () => setBusy(document.id, false),
          });
        }}
      >
        <p>
          <strong>{t('knowledge:deleteDialog.title')}</strong>
        </p>
        <p>{t('knowledge:deleteDialog.body', { name: confirmDelete?.name ?? '' })}</p>
      </Alert>
    </div>
  );
}
