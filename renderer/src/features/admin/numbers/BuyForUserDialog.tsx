import { Button, Classes, Dialog, DialogBody, DialogFooter, InputGroup, Menu, MenuItem } from '@blueprintjs/core';
import { NUMBER_COUNTRIES_SHORT } from '@contracts/phone.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/QueryState.tsx';
import { useDebouncedValue } from '../../../components/useDebouncedValue.ts';
import { BuyNumberDialog } from '../../phoneNumbers/components/BuyNumberDialog.tsx';
import { useUsersQuery, type AdminUser } from '../api/listUsers.ts';

/**
 * Admin "Buy Number": pick the user, then the same Buy a Number dialog
 * with `forUserId`. The server checks the caller is an admin, applies the user's one-number rule
 * and audits the purchase.
 */
export function BuyForUserDialog(props: { isOpen: boolean; onClose: () => void; blockedReason: string | null }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim(), 300);
  const users = useUsersQuery(settled);
  const [user, setUser] = useState<AdminUser | null>(null);
  const close = () => {
    setUser(null);
    setSearch('');
    props.onClose();
  };
  return (
    <>
      <Dialog isOpen={props.isOpen && user === null} onClose={close} title={t('admin:numbers.buyForTitle')}>
        <DialogBody>
          <InputGroup
            type="search"
            leftIcon="search"
            autoFocus
            aria-label={t('admin:numbers.userSearch')}
            placeholder={t('admin:numbers.userSearch')}
            value={search}
            onValueChange={setSearch}
          />
          <QueryState query={users}>
            {(pages) => {
              const found = pages.pages.flatMap((p) => p.users);
              if (found.length === 0) return <p className={Classes.TEXT_MUTED}>{t('admin:numbers.noUser')}</p>;
              return (
                <Menu>
                  {found.map((u) => (
                    <MenuItem
                      key={u.id}
                      icon="person"
                      text={u.name || u.email}
                      label={u.email ?? ''}
                      onClick={() => setUser(u)}
                    />
                  ))}
                </Menu>
              );
            }}
          </QueryState>
        </DialogBody>
        <DialogFooter actions={<Button text={t('admin:numbers.cancel')} onClick={close} />} />
      </Dialog>
      {user && (
        <BuyNumberDialog
          isOpen={props.isOpen}
          onClose={close}
          countries={NUMBER_COUNTRIES_SHORT}
          forUserId={user.id}
          forUserLabel={user.email ?? user.name}
          blockedReason={props.blockedReason}
        />
      )}
    </>
  );
}
