import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useAuth } from '../../auth/session/AuthProvider.tsx';
import { useMyAgentsQuery } from '../../phoneNumbers/api/numbers.ts';
import { MessagesScreen } from '../components/MessagesScreen.tsx';

/** /messages: the WhatsApp conversations of all the owner's agents, `?agent=` filters. */
export function MessagesPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const agents = useMyAgentsQuery(user?.id ?? '');
  const [params, setParams] = useSearchParams();
  const agentId = params.get('agent');
  return (
    <MessagesScreen
      key={agentId ?? ''}
      title={t('messages:title')}
      agentId={agentId}
      agentFilter={{
        agents: agents.data ?? [],
        value: agentId,
        // A new filter starts without an open thread (it may belong to another agent).
        onChange: (id) => setParams(id ? { agent: id } : {}),
      }}
    />
  );
}
