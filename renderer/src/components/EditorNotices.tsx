import { Callout, Intent } from '@blueprintjs/core';
import { EditConflictCallout } from './EditConflictCallout.tsx';
import { UnsavedChangesGuard } from './UnsavedChangesGuard.tsx';

/**
 * What every versioned editor (Configure, Prompts, Branding) shows under its header: the guard
 * against leaving with unsaved edits, the Reload/Overwrite choice after a conflict, and the
 * editor's own save failure (`saveFailedText`, already translated).
 */
export function EditorNotices({
  dirty,
  conflict,
  busy,
  onResolve,
  saveFailed,
  saveFailedText,
}: {
  dirty: boolean;
  conflict: boolean;
  busy: boolean;
  onResolve: (choice: 'reload' | 'overwrite') => void;
  saveFailed: boolean;
  saveFailedText: string;
}) {
  return (
    <>
      <UnsavedChangesGuard dirty={dirty} />
      {conflict && (
        <EditConflictCallout
          busy={busy}
          onReload={() => onResolve('reload')}
          onOverwrite={() => onResolve('overwrite')}
        />
      )}
      {saveFailed && (
        <Callout intent={Intent.DANGER} icon="error">
          {saveFailedText}
        </Callout>
      )}
    </>
  );
}
