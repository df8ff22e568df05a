import { Button, Callout, Card, Checkbox, FormGroup, H4, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayEnd, dayStart } from '../../history/dateInputs.ts';
import type { LibrarySelection } from '../api/desktopLibrary.ts';
import { CallPicker } from './CallPicker.tsx';

export interface DownloadOutcome {
  queued: number;
  truncated: boolean;
}

export interface DownloadPanelProps {
  agents: { id: string; name: string }[];
  busy: boolean;
  outcome: DownloadOutcome | null;
  onDownload: (selection: LibrarySelection) => void;
  onCancelAll: () => void;
}

/**
 * What to download: the calls matching a call-history filter (agent, caller or agent name, dates),
 * or everything not yet in the library for the agents ticked.
 */
export function DownloadPanel({ agents, busy, outcome, onDownload, onCancelAll }: DownloadPanelProps) {
  const { t } = useTranslation();
  const [agentId, setAgentId] = useState('');
  const [search, setSearch] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const [picking, setPicking] = useState(false);
  const filter = {
    agentId: agentId || null,
    search: search.trim(),
    since: from ? dayStart(from) : null,
    until: to ? dayEnd(to) : null,
  };
  const pickerFilter = { agentId: filter.agentId, search: filter.search, from, to };

  const toggle = (id: string) =>
    setTicked((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Card className="library-download">
      <H4>{t('library:download.title')}</H4>
      <div className="library-form-row">
        <FormGroup label={t('library:download.agent')} labelFor="library-download-agent">
          <HTMLSelect id="library-download-agent" value={agentId} onChange={(e) => setAgentId(e.currentTarget.value)}>
            <option value="">{t('library:download.allAgents')}</option>
            {agents.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={t('library:download.search')} labelFor="library-download-search">
          <InputGroup id="library-download-search" value={search} onValueChange={setSearch} />
        </FormGroup>
        <FormGroup label={t('library:download.from')} labelFor="library-download-from">
          <InputGroup id="library-download-from" type="date" value={from} onValueChange={setFrom} />
        </FormGroup>
        <FormGroup label={t('library:download.to')} labelFor="library-download-to">
          <InputGroup id="library-download-to" type="date" value={to} onValueChange={setTo} />
        </FormGroup>
      </div>
      <Button
        intent={Intent.PRIMARY}
        icon="download"
        loading={busy}
        text={t('library:download.matching')}
        onClick={() => onDownload({ mode: 'filter', ...filter })}
      />
      <Button
        variant="minimal"
        icon={picking ? 'chevron-up' : 'chevron-down'}
        text={t('library:download.pickCalls')}
        onClick={() => setPicking((open) => !open)}
      />
      {picking && <CallPicker filter={pickerFilter} busy={busy} onDownload={onDownload} />}
      <FormGroup label={t('library:download.agentsTitle')} className="library-agents">
        {agents.length === 0 && <p>{t('library:download.noAgents')}</p>}
        {agents.map((a) => (
          <Checkbox key={a.id} label={a.name} checked={ticked.has(a.id)} onChange={() => toggle(a.id)} inline />
        ))}
      </FormGroup>
      <Button
        icon="cloud-download"
        disabled={ticked.size === 0}
        loading={busy}
        text={t('library:download.newForAgents')}
        onClick={() => onDownload({ mode: 'agents', agentIds: [...ticked], since: null })}
      />
      <Button variant="minimal" icon="cross" text={t('library:download.cancelAll')} onClick={onCancelAll} />
      {outcome && (
        <Callout intent={outcome.queued > 0 ? Intent.PRIMARY : Intent.NONE} role="status" className="library-outcome">
          {outcome.queued > 0
            ? t('library:download.started', { count: outcome.queued })
            : t('library:download.nothingNew')}
          {outcome.truncated && ` ${t('library:download.truncated')}`}
        </Callout>
      )}
    </Card>
  );
}
