import { useTranslation } from 'react-i18next';
import { fetchContactsForExport } from '../api/contactsExport.ts';
import { contactsCsv, contactsJson, saveExport, type ExportFormat } from '../exportFiles.ts';
import { ExportButtons } from './ExportButtons.tsx';
import { ExportNotice, useExportRunner } from './ExportNotice.tsx';

/** 'Export list · CSV | JSON' of /contacts: every contact the search and favourites filter match. */
export function ContactsExport({ search, favoritesOnly }: { search: string; favoritesOnly: boolean }) {
  const { t } = useTranslation();
  const exporter = useExportRunner();
  const exportList = (format: ExportFormat) =>
    exporter.run(async () => {
      const all = await fetchContactsForExport(search, favoritesOnly);
      saveExport('contacts', format, format === 'csv' ? contactsCsv(all.rows) : contactsJson(all.rows));
      return all;
    });
  return (
    <div className="history-export">
      <ExportButtons label={t('history:export.list')} onExport={exportList} />
      <ExportNotice status={exporter.status} texts="history:export" />
    </div>
  );
}
