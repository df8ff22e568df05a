import { Button, Callout, Checkbox, Classes, H2, InputGroup, Intent, NonIdealState } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HISTORY_SEARCH_DEBOUNCE_MS } from '@contracts/history.ts';
import { SkeletonLines } from '../../../components/QueryState.tsx';
import { useDebouncedValue } from '../../../components/useDebouncedValue.ts';
import { toAppError } from '../../../errors/appError.ts';
import { useAuth } from '../../auth/session/AuthProvider.tsx';
import { useContactCardsQuery, useToggleFavoriteMutation } from '../api/contacts.ts';
import { ContactCardView, contactDisplayName } from '../components/ContactCardView.tsx';
import { ContactsExport } from '../components/ContactsExport.tsx';
import './history.css';
import { errorText } from '../../../errors/errorText.ts';

/** /contacts: cards, server-side search, favourites only. */
export function ContactsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const userId = user?.id ?? '';
  const [search, setSearch] = useState('');
  const [favoritesOnly, setFavoritesOnly] = useState(false);
  const settled = useDebouncedValue(search.trim(), HISTORY_SEARCH_DEBOUNCE_MS);
  const query = useContactCardsQuery(userId, settled, favoritesOnly);
  const contacts = query.data?.pages.flat() ?? [];
  const error = query.error ? toAppError(query.error) : null;
  const favorite = useToggleFavoriteMutation();
  const favoriteError = favorite.error ? toAppError(favorite.error) : null;

  return (
    <div className="history-page">
      <header className="history-header">
        <div>
          <H2>{t('history:contacts.title')}</H2>
          <p className={Classes.TEXT_MUTED}>{t('history:contacts.subtitle')}</p>
        </div>
        <ContactsExport search={settled} favoritesOnly={favoritesOnly} />
      </header>
      <div className="history-filters">
        <InputGroup
          type="search"
          leftIcon="search"
          placeholder={t('history:contacts.search')}
          aria-label={t('history:contacts.search')}
          value={search}
          onValueChange={setSearch}
        />
        <Checkbox
          checked={favoritesOnly}
          label={t('history:contacts.favoritesOnly')}
          onChange={(e) => setFavoritesOnly(e.currentTarget.checked)}
        />
      </div>
      {favoriteError && favorite.variables && (
        <Callout intent={Intent.WARNING} icon="warning-sign" role="alert" data-testid="favorite-error">
          {t('history:contacts.favoriteFailed', {
            name: contactDisplayName(favorite.variables) || t('history:contacts.unnamed'),
            message: errorText(t, favoriteError),
          })}
        </Callout>
      )}
      {query.isPending && <SkeletonLines count={4} />}
      {error && (
        <Callout intent={Intent.DANGER} icon="error" title={t('history:contacts.loadError')}>
          <p>{errorText(t, error)}</p>
          <Button text={t('common:queryState.retry')} onClick={() => void query.refetch()} />
        </Callout>
      )}
      {query.isSuccess && contacts.length === 0 && (
        <NonIdealState
          icon="id-number"
          title={t('history:contacts.empty')}
          description={t(settled || favoritesOnly ? 'history:contacts.emptyFiltered' : 'history:contacts.emptyHint')}
        />
      )}
      <div className="contact-grid">
        {contacts.map((contact) => (
          <ContactCardView
            key={contact.id}
            contact={contact}
            saving={favorite.isPending && favorite.variables?.id === contact.id}
            onToggleFavorite={(c) => favorite.mutate(c)}
          />
        ))}
      </div>
      {query.hasNextPage && (
        <Button
          className="history-more"
          text={t('history:contacts.loadMore')}
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        />
      )}
    </div>
  );
}
