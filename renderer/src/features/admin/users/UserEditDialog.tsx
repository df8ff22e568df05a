import { Alert, Button, Classes, Dialog, DialogBody, FormGroup, Switch, Tab, Tabs } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../../../components/toaster.ts';
import { toAppError } from '../../../errors/appError.ts';
import { useDeleteUserMutation } from '../api/deleteUser.ts';
import type { AdminUser } from '../api/listUsers.ts';
import { useUpdateUserMutation } from '../api/updateUser.ts';
import { CreditsPanel } from './CreditsPanel.tsx';
import { LimitedInput } from '../../../components/LimitedText.tsx';
import { PROFILE_LIMITS } from '@contracts/field-limits.ts';

/** Edit a user: name and role, credits (ledger entries with a reason), delete. */
export function UserEditDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(user.name);
  const [isAdmin, setIsAdmin] = useState(user.is_admin);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const update = useUpdateUserMutation();
  const remove = useDeleteUserMutation();
  const changed = name.trim() !== user.name || isAdmin !== user.is_admin;

  const save = () =>
    update.mutate(
      { userId: user.id, name: name.trim(), isAdmin },
      {
        onSuccess: () => {
          toastSuccess(t('admin:userDialog.saved'));
          onClose();
        },
        onError: (error) => toastError(toAppError(error, 'updateUser'), t),
      },
    );
  const destroy = () =>
    remove.mutate(user.id, {
      onSuccess: () => {
        toastSuccess(t('admin:userDialog.deleted'));
        onClose();
      },
      onError: (error) => toastError(toAppError(error, 'deleteUser'), t),
    });

  const profile = (
    <div>
      <FormGroup label={t('admin:userDialog.name')} labelFor="user-name">
        <LimitedInput id="user-name" value={name} max={PROFILE_LIMITS.name} onValueChange={setName} />
      </FormGroup>
      <Switch checked={isAdmin} label={t('admin:userDialog.admin')} onChange={() => setIsAdmin((v) => !v)} />
      <div className={Classes.DIALOG_FOOTER_ACTIONS}>
        <Button
          intent="danger"
          icon="trash"
          text={t('admin:userDialog.delete')}
          loading={remove.isPending}
          onClick={() => setConfirmDelete(true)}
        />
        <Button text={t('admin:userDialog.cancel')} onClick={onClose} />
        <Button
          intent="primary"
          text={t('admin:userDialog.save')}
          disabled={!changed || name.trim() === ''}
          loading={update.isPending}
          onClick={save}
        />
      </div>
    </div>
  );

  return (
    <Dialog isOpen title={`${t('admin:userDialog.title')} · ${user.email ?? user.name}`} onClose={onClose}>
      <DialogBody>
        <Tabs id="user-edit-tabs" renderActiveTabPanelOnly>
          <Tab id="profile" title={t('admin:userDialog.profileTab')} panel={profile} />
          <Tab
            id="credits"
            title={t('admin:userDialog.creditsTab')}
            panel={<CreditsPanel userId={user.id} balance={user.credits} />}
          />
        </Tabs>
      </DialogBody>
      <Alert
        isOpen={confirmDelete}
        intent="danger"
        icon="trash"
        confirmButtonText={t('admin:userDialog.delete')}
        cancelButtonText={t('admin:userDialog.cancel')}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => {
          setConfirmDelete(false);
          destroy();
        }}
      >
        {t('admin:userDialog.deleteConfirm', { email: user.email ?? user.name })}
      </Alert>
    </Dialog>
  );
}
