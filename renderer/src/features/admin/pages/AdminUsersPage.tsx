import { Alert, Button, Callout, H2, InputGroup, Spinner } from '@blueprintjs/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { toastError, toastSuccess } from '../../../components/toaster.ts';
import { toAppError } from '../../../errors/appError.ts';
import { useCleanupDuplicatesMutation } from '../api/cleanupDuplicates.ts';
import { useUsersQuery, type AdminUser } from '../api/listUsers.ts';
import { useRecoverUsersMutation } from '../api/recoverUsers.ts';
import { useDebouncedValue } from '../../../components/useDebouncedValue.ts';
import { UserEditDialog } from '../users/UserEditDialog.tsx';
import { UsersTable } from '../users/UsersTable.tsx';
import '../admin.css';
import { errorText } from '../../../errors/errorText.ts';

/** Search debounce. */
const SEARCH_DEBOUNCE_MS = 300;

/** /admin/users: server search, pages of 10 by last login, edit, recover, clean up. */
export function AdminUsersPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const users = useUsersQuery(term);
  const recover = useRecoverUsersMutation();
  const cleanup = useCleanupDuplicatesMutation();
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [confirmCleanup, setConfirmCleanup] = useState(false);
  const onEdit = useCallback((user: AdminUser) => setEditing(user), []);

  const rows = users.data?.pages.flatMap((page) => page.users);
  const total = users.data?.pages[0]?.total;
  const loadError = users.error
    ? toAppError(users.error, users.isFetchNextPageError ? 'loadMoreUsers' : 'fetchUsers')
    : null;

  return (
    <div className="admin-page">
      <header className="admin-page-header">
        <H2>{t('admin:users.title')}</H2>
        <div className="admin-page-actions">
          <Button
            icon="refresh"
            text={t('admin:users.recoverAll')}
            loading={recover.isPending}
            onClick={() =>
              recover.mutate(undefined, {
                onSuccess: (result) => toastSuccess(t('admin:users.recovered', { count: result.recovered })),
                onError: (error) => toastError(toAppError(error, 'recoverUsers'), t),
              })
            }
          />
          <Button
            icon="duplicate"
            text={t('admin:users.cleanupDuplicates')}
            loading={cleanup.isPending}
            onClick={() => setConfirmCleanup(true)}
          />
        </div>
      </header>
      <InputGroup
        type="search"
        leftIcon="search"
        placeholder={t('admin:users.search')}
        aria-label={t('admin:users.search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        rightElement={users.isFetching && !users.isFetchingNextPage ? <Spinner size={16} /> : undefined}
      />
      {total !== undefined && <p className="admin-muted">{t('admin:users.count', { count: total })}</p>}
      {loadError ? (
        <Callout intent="danger" className="admin-load-error">
          {errorText(t, loadError)}
          <Button minimal icon="refresh" onClick={() => void users.refetch()} />
        </Callout>
      ) : null}
      {!(loadError && !rows) && (
        <UsersTable
          users={rows}
          loading={users.isPending}
          onEdit={onEdit}
          empty={<EmptyState icon="people" title={t('admin:users.empty')} />}
        />
      )}
      {users.hasNextPage && (
        <Button
          className="admin-load-more"
          text={t('admin:users.loadMore')}
          loading={users.isFetchingNextPage}
          onClick={() => void users.fetchNextPage()}
        />
      )}
      {editing && <UserEditDialog key={editing.id} user={editing} onClose={() => setEditing(null)} />}
      <Alert
        isOpen={confirmCleanup}
        intent="danger"
        icon="duplicate"
        confirmButtonText={t('admin:users.cleanupDuplicates')}
        cancelButtonText={t('admin:userDialog.cancel')}
        onCancel={() => setConfirmCleanup(false)}
        onConfirm={() => {
          setConfirmCleanup(false);
          cleanup.mutate(undefined, {
            onSuccess: (count) => toastSuccess(t('admin:users.cleanedUp', { count })),
            onError: (error) => toastError(toAppError(error, 'cleanupDuplicates'), t),
          });
        }}
      >
        {t('admin:users.cleanupConfirm')}
      </Alert>
    </div>
  );
}
