import { Button, Card, Classes, FileInput, FormGroup, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '../../auth/api/profile.ts';
import { LimitedInput } from '../../../components/LimitedText.tsx';
import { PROFILE_LIMITS } from '@contracts/field-limits.ts';

export interface ProfileTabProps {
  profile: Profile;
  uploading: boolean;
  savingName: boolean;
  errorText: string | null;
  onAvatarFile: (file: File) => void;
  onSaveName: (name: string) => void;
  onSignOut: () => void;
}

/** Avatar (upload), name, email, Admin badge and sign-out (Profile tab). */
export function ProfileTab({
  profile,
  uploading,
  savingName,
  errorText,
  onAvatarFile,
  onSaveName,
  onSignOut,
}: ProfileTabProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(profile.name);
  const initial = (profile.name.trim()[0] ?? profile.email[0] ?? '?').toUpperCase();
  const dirty = name.trim() !== profile.name && name.trim().length > 0;
  return (
    <Card className="profile-card">
      <div className="profile-identity">
        {profile.avatarUrl ? (
          <img
            className="profile-avatar"
            src={profile.avatarUrl}
            alt={t('profile:profile.avatarAlt')}
            data-testid="profile-avatar"
          />
        ) : (
          <span className="profile-avatar" aria-hidden="true">
            {initial}
          </span>
        )}
        <div>
          <h3 className={Classes.HEADING}>
            {profile.name || profile.email}{' '}
            {profile.isAdmin && (
              <Tag intent={Intent.WARNING} minimal>
                {t('profile:profile.adminBadge')}
              </Tag>
            )}
          </h3>
          <p className={Classes.TEXT_MUTED}>{profile.email}</p>
          <FileInput
            text={uploading ? t('profile:profile.uploading') : t('profile:profile.changeAvatar')}
            buttonText={t('profile:profile.browse')}
            disabled={uploading}
            inputProps={{
              accept: 'image/png,image/jpeg,image/gif,image/webp',
              'aria-label': t('profile:profile.changeAvatar'),
              id: 'profile-avatar-input',
            }}
            onInputChange={(e) => {
              const file = e.currentTarget.files?.[0];
              if (file) onAvatarFile(file);
              e.currentTarget.value = '';
            }}
          />
        </div>
      </div>
      {errorText && (
        <p role="alert" className="profile-error">
          {errorText}
        </p>
      )}
      <form
        className="profile-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (dirty) onSaveName(name);
        }}
      >
        <FormGroup label={t('profile:profile.name')} labelFor="profile-name">
          <LimitedInput id="profile-name" value={name} max={PROFILE_LIMITS.name} onValueChange={setName} />
        </FormGroup>
        <FormGroup label={t('profile:profile.email')} labelFor="profile-email">
          <InputGroup id="profile-email" value={profile.email} readOnly />
        </FormGroup>
        <div className="profile-actions">
          <Button
            type="submit"
            intent={Intent.PRIMARY}
            disabled={!dirty}
            loading={savingName}
            text={t('profile:profile.save')}
          />
          <Button icon="log-out" text={t('profile:profile.signOut')} onClick={onSignOut} />
        </div>
      </form>
    </Card>
  );
}
