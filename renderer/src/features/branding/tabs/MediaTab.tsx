import {
  Alert,
  Button,
  Classes,
  ControlGroup,
  InputGroup,
  Menu,
  MenuItem,
  NonIdealState,
  Spinner,
} from '@blueprintjs/core';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toaster } from '../../../components/toaster.ts';
import { toAppError } from '../../../errors/appError.ts';
import { uploadGalleryImage } from '../api/brandingApi.ts';
import { megabytes } from '@contracts/limit-refusal.ts';
import { addAlbum, canDeleteAlbum, checkGalleryImage, IMAGE_MAX_BYTES, newId, type Album } from '../brandingModel.ts';
import type { TabProps } from './types.ts';
import { CharCounter } from '../../../components/CharCounter.tsx';
import { keepWithinLimit } from '@contracts/field-limits.ts';
import { BRANDING_LIST_LIMITS } from '@contracts/branding.ts';

/**
 * Albums of images: drag-and-drop or chosen files go to storage at once
 * (png, jpg, jpeg, gif, ≤ 5 MB) and into the selected album; removed images leave storage when the
 * branding is saved (the editor compares what the saved value still references).
 */
export function MediaTab({ form, onChange, agent }: TabProps & { agent: { id: string; userId: string } }) {
  const { t } = useTranslation();
  const [selectedId, setSelectedId] = useState<string | null>(form.albums[0]?.id ?? null);
  const [newName, setNewName] = useState('');
  const [confirming, setConfirming] = useState<Album | null>(null);
  const [uploading, setUploading] = useState(0);
  const [dragging, setDragging] = useState(false);
  const selected = form.albums.find((a) => a.id === selectedId) ?? null;

  const warn = (message: string) => toaster.show({ intent: 'warning', icon: 'warning-sign', message });

  const create = () => {
    const albums = addAlbum(form.albums, newName);
    if (!albums) return; // an empty name is ignored
    onChange({ albums });
    setSelectedId(albums[albums.length - 1]!.id);
    setNewName('');
  };

  const upload = async (files: File[]) => {
    if (!selected) {
      warn(t('branding:media.noAlbum'));
      return;
    }
    const albumId = selected.id;
    const accepted = files.filter((file) => {
      const problem = checkGalleryImage(file);
      if (problem)
        warn(t(`branding:media.errors.${problem}`, { name: file.name, megabytes: megabytes(IMAGE_MAX_BYTES) }));
      return !problem;
    });
    setUploading((n) => n + accepted.length);
    await Promise.all(
      accepted.map(async (file) => {
        try {
          const { url, fileName } = await uploadGalleryImage(agent, file);
          const image = { id: newId(), url, alt: file.name.replace(/\.[^.]+$/, ''), order: 0, fileName };
          onChange((f) => ({
            albums: f.albums.map((a) =>
              a.id === albumId ? { ...a, images: [...a.images, { ...image, order: a.images.length }] } : a,
            ),
          }));
        } catch (error) {
          const appError = toAppError(error);
          toaster.show({ intent: 'danger', icon: 'error', message: t(appError.messageKey, { name: file.name }) });
        } finally {
          setUploading((n) => n - 1);
        }
      }),
    );
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void upload(Array.from(e.dataTransfer.files));
  };

  return (
    <div className="branding-tab branding-media">
      <div className="branding-albums">
        <Menu className="branding-album-list" data-testid="album-list">
          {form.albums.map((album) => (
            <MenuItem
              key={album.id}
              text={album.name}
              label={String(album.images.length)}
              active={album.id === selectedId}
              onClick={() => setSelectedId(album.id)}
            />
          ))}
        </Menu>
        <ControlGroup fill>
          <InputGroup
            aria-label={t('branding:media.newAlbum')}
            aria-describedby="album-name-counter"
            placeholder={t('branding:media.newAlbum')}
            value={newName}
            onValueChange={(name) => setNewName(keepWithinLimit(newName, name, BRANDING_LIST_LIMITS.albumName))}
            onKeyDown={(e) => {
              if (e.key === 'Enter') create();
            }}
          />
          <Button
            className={Classes.FIXED}
            icon="add"
            aria-label={t('branding:media.addAlbum')}
            title={t('branding:media.addAlbum')}
            onClick={create}
          />
        </ControlGroup>
        <CharCounter
          id="album-name-counter"
          testId="album-name-counter"
          value={newName}
          max={BRANDING_LIST_LIMITS.albumName}
        />
      </div>
      <div className="branding-album">
        {selected && (
          <div className="branding-row">
            <strong>{selected.name}</strong>
            <Button
              icon="trash"
              variant="minimal"
              intent="danger"
              text={t('branding:media.deleteAlbum')}
              disabled={!canDeleteAlbum(form.albums)}
              title={canDeleteAlbum(form.albums) ? undefined : t('branding:media.lastAlbum')}
              onClick={() => setConfirming(selected)}
            />
          </div>
        )}
        <label
          className={`branding-drop${dragging ? ' dragging' : ''}`}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="gallery-drop"
        >
          <input
            type="file"
            hidden
            multiple
            accept=".png,.jpg,.jpeg,.gif,image/png,image/jpeg,image/gif"
            data-testid="gallery-input"
            onChange={(e) => {
              const files = Array.from(e.target.files ?? []);
              e.target.value = '';
              void upload(files);
            }}
          />
          {uploading > 0 ? <Spinner size={20} /> : null}
          <span>{uploading > 0 ? t('branding:media.uploading', { count: uploading }) : t('branding:media.drop')}</span>
          <small>{t('branding:media.dropHint', { megabytes: megabytes(IMAGE_MAX_BYTES) })}</small>
        </label>
        {!selected ? (
          <NonIdealState icon="folder-open" description={t('branding:media.noAlbum')} />
        ) : selected.images.length === 0 ? (
          <NonIdealState icon="media" description={t('branding:media.empty')} />
        ) : (
          <div className="branding-gallery">
            {selected.images.map((image) => (
              <figure key={image.id} className="branding-gallery-item" data-testid="gallery-image">
                <img src={image.url} alt={image.alt} />
                <Button
                  icon="cross"
                  size="small"
                  className="branding-gallery-remove"
                  aria-label={t('branding:media.removeImage')}
                  title={t('branding:media.removeImage')}
                  onClick={() =>
                    onChange((f) => ({
                      albums: f.albums.map((a) =>
                        a.id === selected.id ? { ...a, images: a.images.filter((i) => i.id !== image.id) } : a,
                      ),
                    }))
                  }
                />
              </figure>
            ))}
          </div>
        )}
      </div>
      <Alert
        isOpen={confirming !== null}
        intent="danger"
        icon="trash"
        confirmButtonText={t('branding:media.confirm')}
        cancelButtonText={t('branding:media.cancel')}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          const doomed = confirming;
          setConfirming(null);
          if (!doomed || !canDeleteAlbum(form.albums)) return;
          const albums = form.albums.filter((a) => a.id !== doomed.id);
          onChange({ albums });
          setSelectedId(albums[0]?.id ?? null);
        }}
      >
        {confirming
          ? t('branding:media.confirmDelete', { name: confirming.name, count: confirming.images.length })
          : null}
      </Alert>
    </div>
  );
}
