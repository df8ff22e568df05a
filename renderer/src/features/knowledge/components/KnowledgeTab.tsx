import { Alert, Classes, FileInput, H4, Icon, Intent, NonIdealState } from '@blueprintjs/core';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState, SkeletonLines } from '../../../components/QueryState.tsx';
import { toaster, toastSuccess } from '../../../components/toaster.ts';
import { messageText } from '../../../errors/errorText.ts';
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
import { KnowledgeList, uploadsWithoutRow, type PendingUpload } from './KnowledgeList.tsx';
import './knowledge.css';

export interface KnowledgeTabProps {
  agentId: string | undefined;
}

/**
 * The configure screen's knowledge tab: several files at once, each with its
 * upload progress, then the document's processing progress, ready or failed with the reason. An
 * upload cut short (this page or an earlier one went away) is listed as interrupted, with a retry
 * that takes the file again into the same document.
 */
export function KnowledgeTab({ agentId }: KnowledgeTabProps) {
  const { t } = useTranslation();
  const [uploads, setUploads] = useState<PendingUpload[]>([]);
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());
  const [confirmDelete, setConfirmDelete] = useState<KnowledgeDocument | null>(null);
  /** Files named like a document the agent already has, waiting for the owner's answer. */
  const [duplicates, setDuplicates] = useState<File[]>([]);
  const [dragging, setDragging] = useState(false);
  const sequence = useRef(0);
  /** The interrupted document whose file the owner is picking again. */
  const retryTarget = useRef<KnowledgeDocument | null>(null);
  const retryInput = useRef<HTMLInputElement>(null);
  const documents = useKnowledgeDocumentsQuery(agentId ?? '', uploads.length > 0);
  const remove = useDeleteKnowledgeDocumentMutation(agentId ?? '');
  const reingest = useReingestKnowledgeDocumentMutation(agentId ?? '');

  const showError = (error: unknown) => {
    const known =
      error instanceof KnowledgeError ? error : new KnowledgeError('uploadFailed', { status: String(error) });
    // Size refusals name the limit, the one the server checks.
    const limit = { megabytes: KNOWLEDGE_MAX_MEGABYTES };
    const message = messageText(t, known.messageKey, { ...limit, ...known.params });
    // The server's reason in the owner's language when the console knows its code; else as sent.
    const reasonKey = known.reasonKey;
    const reason = reasonKey ? messageText(t, reasonKey, limit) : known.reason;
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

  /** Sends one file: a new document, or `retryOf`'s file again (an interrupted upload). */
  const uploadOne = async (file: File, retryOf?: KnowledgeDocument) => {
    const key = `upload-${++sequence.current}`;
    const check = checkKnowledgeFile(file);
    if (!check.ok) {
      showError(new KnowledgeError(check.reason, { file: file.name }));
      return;
    }
    setUploads((list) => [
      { key, name: file.name, size: file.size, phase: 'uploading', fraction: 0, documentId: retryOf?.id ?? null },
      ...list,
    ]);
    if (retryOf) setBusy(retryOf.id, true);
    try {
      await uploadKnowledgeFile({ agentId, ...(retryOf ? { retryOf: retryOf.id } : {}) }, file, (progress) => {
        setUploads((list) =>
          list.map((u) =>
            u.key === key
              ? { ...u, phase: progress.phase, fraction: progress.fraction, documentId: progress.documentId }
              : u,
          ),
        );
      });
      toastSuccess(t('knowledge:ready', { file: file.name }));
    } catch (error) {
      showError(error);
    } finally {
      // The document row (ready, failed or interrupted) now tells the rest; a refused file leaves the list.
      if (retryOf) setBusy(retryOf.id, false);
      setUploads((list) => list.filter((u) => u.key !== key));
      void documents.refetch();
    }
  };

  const retryUpload = (document: KnowledgeDocument) => {
    retryTarget.current = document;
    retryInput.current?.click();
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

  // Once its document is listed, an upload is drawn on the document's row.
  const visibleUploads = uploadsWithoutRow(uploads, documents.data ?? []);

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
        {/* The retry's own picker: one file, for the document that was interrupted. */}
        <input
          ref={retryInput}
          type="file"
          hidden
          accept={KNOWLEDGE_ACCEPT}
          aria-label={t('knowledge:actions.retryPicker')}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            const target = retryTarget.current;
            event.currentTarget.value = '';
            retryTarget.current = null;
            if (file && target) void uploadOne(file, target);
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
            uploads={uploads}
            busyIds={busyIds}
            onDelete={setConfirmDelete}
            onRetryUpload={retryUpload}
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
