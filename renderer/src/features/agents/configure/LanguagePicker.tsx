import { Button, MenuItem } from '@blueprintjs/core';
import { Select, type ItemRenderer } from '@blueprintjs/select';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { matchesLanguage, sortedLanguages } from './languages.ts';

interface LanguageItem {
  code: string;
  label: string;
}

/** Searchable picker of the agent's default language. */
export function LanguagePicker({
  value,
  onChange,
  id,
}: {
  value: string;
  onChange: (code: string) => void;
  id: string;
}) {
  const { t, i18n } = useTranslation();
  const items = useMemo(() => sortedLanguages(i18n.language), [i18n.language]);
  const current = items.find((item) => item.code === value);
  const render: ItemRenderer<LanguageItem> = (item, { handleClick, handleFocus, modifiers }) =>
    modifiers.matchesPredicate ? (
      <MenuItem
        key={item.code}
        text={item.label}
        label={item.code}
        active={modifiers.active}
        selected={item.code === value}
        onClick={handleClick}
        onFocus={handleFocus}
        roleStructure="listoption"
      />
    ) : null;
  return (
    <Select<LanguageItem>
      items={items}
      itemRenderer={render}
      itemPredicate={(query, item) =>
        matchesLanguage(item.label, query) || item.code.toLowerCase().includes(query.trim().toLowerCase())
      }
      onItemSelect={(item) => onChange(item.code)}
      noResults={<MenuItem disabled text={t('agents:configure.noLanguage')} roleStructure="listoption" />}
      inputProps={{ placeholder: t('agents:configure.languageSearch') }}
      popoverProps={{ minimal: true }}
      resetOnClose
    >
      <Button id={id} endIcon="caret-down" text={current?.label ?? value} />
    </Select>
  );
}
