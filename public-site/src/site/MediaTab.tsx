import { useState } from 'react';
import type { MediaImage } from '../api/branding.ts';
import { useT } from '../i18n/I18n.tsx';
import { Dialog } from './Dialog.tsx';

/** Consecutive images of the same album (content images: no album), keeping their page-wide index. */
function groupByAlbum(images: MediaImage[]): { album?: string; items: { img: MediaImage; index: number }[] }[] {
  const groups: { album?: string; items: { img: MediaImage; index: number }[] }[] = [];
  images.forEach((img, index) => {
    const last = groups[groups.length - 1];
    if (last && last.album === img.album) last.items.push({ img, index });
    else groups.push({ ...(img.album ? { album: img.album } : {}), items: [{ img, index }] });
  });
  return groups;
}

/**
 * Media: two-column grid with captions, under each album's name when the owner
 * sorted images into albums; a tap opens the full-screen viewer. Loaded on demand.
 */
export default function MediaTab({ images }: { images: MediaImage[] }) {
  const t = useT();
  const [open, setOpen] = useState<number | null>(null);
  const current = open === null ? undefined : images[open];
  const groups = groupByAlbum(images);
  return (
    <section className="panel" data-testid="media-tab">
      <h1 className="panel__title">{t('media.title')}</h1>
      {images.length === 0 ? (
        <p className="empty">{t('media.empty')}</p>
      ) : (
        groups.map((group) => (
          <div key={group.items[0]!.img.url} className="media-album">
            {group.album ? <h2 className="media-album__name">{group.album}</h2> : null}
            <ul className="media-grid">
              {group.items.map(({ img, index }) => (
                <li key={img.url}>
                  <button
                    type="button"
                    className="media-grid__item"
                    onClick={() => setOpen(index)}
                    aria-label={t('media.open', { index: String(index + 1) })}
                    data-testid="media-item"
                  >
                    <img src={img.url} alt={img.caption ?? ''} loading="lazy" decoding="async" />
                  </button>
                  {img.caption ? <p className="media-grid__caption">{img.caption}</p> : null}
                </li>
              ))}
            </ul>
          </div>
        ))
      )}
      {current ? (
        <Dialog label={t('media.viewer')} onClose={() => setOpen(null)} className="viewer" testId="media-viewer">
          <figure className="viewer__figure" onClick={(e) => e.target === e.currentTarget && setOpen(null)}>
            <img src={current.url} alt={current.caption ?? ''} />
            {current.caption ? <figcaption>{current.caption}</figcaption> : null}
          </figure>
          <button
            type="button"
            className="viewer__close icon-btn"
            onClick={() => setOpen(null)}
            aria-label={t('media.close')}
            data-testid="media-close"
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
        </Dialog>
      ) : null}
    </section>
  );
}
