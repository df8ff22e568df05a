import { Button, Tag } from '@blueprintjs/core';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/DataTable.tsx';
import { formatDate } from '../../../lib/dates.ts';
import type { AdminUser } from '../api/listUsers.ts';

const column = createColumnHelper<AdminUser>();

export interface UsersTableProps {
  users: AdminUser[] | undefined;
  loading: boolean;
  empty: React.ReactNode;
  onEdit: (user: AdminUser) => void;
}

/** The users list; rows arrive in the server's order, so no client sort. */
export function UsersTable({ users, loading, empty, onEdit }: UsersTableProps) {
  const { t, i18n } = useTranslation();
  const columns = useMemo(
    () => [
      column.accessor('name', {
        header: () => t('admin:users.columns.name'),
        enableSorting: false,
        cell: (info) => {
          const user = info.row.original;
          return (
            <span className="admin-user-name">
              {user.avatar ? (
                <img className="admin-user-avatar" src={user.avatar} alt="" />
              ) : (
                <span className="admin-user-avatar" aria-hidden="true">
                  {(user.name || user.email || '?').charAt(0).toUpperCase()}
                </span>
              )}
              {user.name}
            </span>
          );
        },
      }),
      column.accessor('email', { header: () => t('admin:users.columns.email'), enableSorting: false }),
      column.accessor('is_admin', {
        header: () => t('admin:users.columns.role'),
        enableSorting: false,
        cell: (info) =>
          info.getValue() ? (
            <Tag intent="primary">{t('admin:users.roleAdmin')}</Tag>
          ) : (
            <Tag minimal>{t('admin:users.roleUser')}</Tag>
          ),
      }),
      column.accessor('credits', { header: () => t('admin:users.columns.credits'), enableSorting: false }),
      column.accessor('last_login', {
        header: () => t('admin:users.columns.lastLogin'),
        enableSorting: false,
        cell: (info) => formatDate(info.getValue(), i18n.language, 'date') || t('admin:users.never'),
      }),
      column.display({
        id: 'actions',
        header: () => t('admin:users.columns.actions'),
        cell: (info) => (
          <Button
            small
            icon="edit"
            text={t('admin:users.edit')}
            aria-label={`${t('admin:users.edit')} ${info.row.original.email ?? info.row.original.name}`}
            onClick={() => onEdit(info.row.original)}
          />
        ),
      }),
    ],
    [t, i18n.language, onEdit],
  );
  // Six columns do not fit a phone: the table scrolls inside its box instead of widening the page.
  return (
    <div className="admin-table-scroll" tabIndex={0} role="region" aria-label={t('admin:users.title')}>
      <DataTable columns={columns} data={users} loading={loading} empty={empty} getRowId={(u) => u.id} />
    </div>
  );
}
