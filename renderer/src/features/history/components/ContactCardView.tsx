import { Button, Card, Classes, H5, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatCallDuration } from '@contracts/history.ts';
import { formatPhone } from '@contracts/phone-format.ts';
import { formatDate } from '../../../lib/dates.ts';
import type { ContactCard } from '../api/contacts.ts';
import { CHANNEL_LABEL } from '../labels.ts';

export function contactDisplayName(c: {
  first_name: string;
  last_name: string;
  phone: string | null;
  email: string | null;
}) {
  const name = `${c.first_name} ${c.last_name}`.trim();
  return name || (c.phone ? formatPhone(c.phone) : (c.email ?? ''));
}

export interface ContactCardViewProps {
  contact: ContactCard;
  onToggleFavorite: (contact: ContactCard) => void;
  saving: boolean;
}

/** One contact card: name, number, email, last contact, channels, favourite. */
export function ContactCardView({ contact, onToggleFavorite, saving }: ContactCardViewProps) {
  const { t, i18n } = useTranslation();
  const name = contactDisplayName(contact) || t('history:contacts.unnamed');
  return (
    <Card className="contact-card" data-testid="contact-card">
      <div className="contact-card-head">
        <H5>
          <Link to={`/contacts/${contact.id}`} aria-label={t('history:contacts.open', { name })}>
            {name}
          </Link>
        </H5>
        <Button
          minimal
          icon={contact.favorite ? 'star' : 'star-empty'}
          intent={contact.favorite ? Intent.WARNING : Intent.NONE}
          aria-pressed={contact.favorite}
          aria-label={t(contact.favorite ? 'history:contacts.removeFavorite' : 'history:contacts.addFavorite', {
            name,
          })}
          loading={saving}
          onClick={() => onToggleFavorite(contact)}
        />
      </div>
      {contact.phone && <p>{formatPhone(contact.phone)}</p>}
      {contact.email && <p>{contact.email}</p>}
      <p className={Classes.TEXT_MUTED}>
        {contact.last_contact_date
          ? t('history:contacts.lastContact', { date: formatDate(contact.last_contact_date, i18n.language) })
          : t('history:contacts.never')}
      </p>
      <p className={Classes.TEXT_MUTED}>
        {t('history:contacts.conversations', { count: contact.conversation_count })}
        {contact.total_call_duration > 0 &&
          ` · ${t('history:contacts.callTime', { duration: formatCallDuration(contact.total_call_duration) })}`}
      </p>
      <div className="transcript-extras">
        {contact.channels.map((channel) => (
          <Tag key={channel} minimal>
            {t(CHANNEL_LABEL[channel])}
          </Tag>
        ))}
      </div>
    </Card>
  );
}
