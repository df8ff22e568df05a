import { FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export interface LibraryFilterValues {
  text: string;
  agentId: string;
  caller: string;
  from: string;
  to: string;
}

export const emptyFilters: LibraryFilterValues = { text: '', agentId: '', caller: '', from: '', to: '' };

/** Search of the downloaded recordings: words, agent, caller and dates (all answered offline). */
export function LibraryFilters({
  value,
  agents,
  onChange,
}: {
  value: LibraryFilterValues;
  agents: { id: string; name: string }[];
  onChange: (next: LibraryFilterValues) => void;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<LibraryFilterValues>) => onChange({ ...value, ...patch });
  return (
    <div className="library-form-row library-filters" role="search">
      <InputGroup
        leftIcon="search"
        type="search"
        placeholder={t('library:filters.text')}
        aria-label={t('library:filters.text')}
        value={value.text}
        onValueChange={(text) => set({ text })}
      />
      <FormGroup label={t('library:filters.agent')} labelFor="library-filter-agent" inline>
        <HTMLSelect
          id="library-filter-agent"
          value={value.agentId}
          onChange={(e) => set({ agentId: e.currentTarget.value })}
        >
          <option value="">{t('library:filters.allAgents')}</option>
          {agents.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <InputGroup
        leftIcon="phone"
        placeholder={t('library:filters.caller')}
        aria-label={t('library:filters.caller')}
        value={value.caller}
        onValueChange={(caller) => set({ caller })}
      />
      <FormGroup label={t('library:filters.from')} labelFor="library-filter-from" inline>
        <InputGroup id="library-filter-from" type="date" value={value.from} onValueChange={(from) => set({ from })} />
      </FormGroup>
      <FormGroup label={t('library:filters.to')} labelFor="library-filter-to" inline>
        <InputGroup id="library-filter-to" type="date" value={value.to} onValueChange={(to) => set({ to })} />
      </FormGroup>
    </div>
  );
}
