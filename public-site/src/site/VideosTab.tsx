import type { Video } from '../api/branding.ts';
import { useT } from '../i18n/I18n.tsx';

/** Videos: YouTube embeds from the privacy-enhanced domain (no cookies until play). */
export function VideosTab({ videos }: { videos: Video[] }) {
  const t = useT();
  return (
    <section className="panel" data-testid="videos-tab">
      <h1 className="panel__title">{t('videos.title')}</h1>
      {videos.length === 0 ? (
        <p className="empty">{t('videos.empty')}</p>
      ) : (
        <ul className="videos">
          {videos.map((video, i) => (
            <li key={video.videoId}>
              <iframe
                className="videos__frame"
                src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(video.videoId)}`}
                title={video.title ?? t('videos.untitled', { index: String(i + 1) })}
                loading="lazy"
                allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
                referrerPolicy="strict-origin-when-cross-origin"
                allowFullScreen
              />
              {video.title ? <p className="videos__title">{video.title}</p> : null}
              {video.author ? <p className="videos__author">{video.author}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
