import { FormGroup, InputGroup, Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { trackerError, TRACKERS, type Tracker, type TrackerSetting } from '../brandingModel.ts';
import type { TabProps } from './types.ts';

/** Analytics, tag manager and pixel: a toggle with an identifier each. */
export function IntegrationsTab({ form, onChange }: TabProps) {
  const { t } = useTranslation();
  const set = (tracker: Tracker, patch: Partial<TrackerSetting>) =>
    onChange({ integrations: { ...form.integrations, [tracker]: { ...form.integrations[tracker], ...patch } } });
  return (
    <div className="branding-tab">
      {TRACKERS.map((tracker) => {
        const setting = form.integrations[tracker];
        const problem = trackerError(tracker, setting);
        return (
          <div className="branding-tracker" key={tracker}>
            <Switch
              checked={setting.enabled}
              label={t(`branding:integrations.${tracker}`)}
              onChange={(e) => set(tracker, { enabled: e.currentTarget.checked })}
              data-testid={`tracker-${tracker}`}
            />
            <FormGroup
              intent={problem ? 'danger' : 'none'}
              helperText={problem ? t(`branding:integrations.${problem}`) : undefined}
            >
              <InputGroup
                aria-label={t(`branding:integrations.${tracker}`)}
                value={setting.value}
                placeholder={t(`branding:integrations.placeholder.${tracker}`)}
                intent={problem ? 'danger' : 'none'}
                onValueChange={(value) => set(tracker, { value: value.trim() })}
              />
            </FormGroup>
          </div>
        );
      })}
    </div>
  );
}
