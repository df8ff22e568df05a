import { Button, Callout, Classes, ControlGroup, FormGroup, InputGroup, Spinner, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toaster } from '../../../components/toaster.ts';
import { fetchVideoMetadata } from '../api/brandingApi.ts';
import { checkVideoLink, MAX_VIDEOS, type VideoLink } from '../brandingModel.ts';
import type { TabProps } from './types.ts';
import { LimitedInput } from '../../../components/LimitedText.tsx';
import { BRANDING_LIST_LIMITS } from '@contracts/branding.ts';

/**
 * Up to ten YouTube videos: the link must carry an 11-character id; title, thumbnail
 * and author come from YouTube's oEmbed endpoint, and when it cannot be reached (offline, private
 * video) they are cleared and the owner types the title and author by hand.
 */
export function VideosTab({ form, onChange }: TabProps) {
  const { t } = useTranslation();
  const [link, setLink] = useState('');
  const [fetching, setFetching] = useState<string | null>(null);
  const videos = form.youtubeVideos;
  const check = link.trim() === '' ? null : checkVideoLink(videos, link);

  // the metadata arrives after other edits may have been made: change the latest list
  const update = (id: string, patch: Partial<VideoLink>) =>
    onChange((f) => ({ youtubeVideos: f.youtubeVideos.map((v) => (v.id === id ? { ...v, ...patch } : v)) }));

  const add = async () => {
    const result = checkVideoLink(videos, link);
    if (!result.ok) {
      toaster.show({ intent: 'warning', icon: 'warning-sign', message: t(`branding:videos.${result.error}`) });
      return;
    }
    const entry: VideoLink = { id: result.id, url: link.trim(), title: '', thumbnailUrl: '', authorName: '' };
    onChange({ youtubeVideos: [...videos, entry] });
    setLink('');
    setFetching(result.id);
    const meta = await fetchVideoMetadata(result.id);
    setFetching(null);
    if (meta) update(result.id, meta);
    else toaster.show({ intent: 'warning', icon: 'warning-sign', message: t('branding:videos.titleNotFound') });
  };

  return (
    <div className="branding-tab">
      <FormGroup
        label={t('branding:videos.link')}
        labelFor="video-link"
        labelInfo={<Tag minimal>{t('branding:videos.count', { count: videos.length, max: MAX_VIDEOS })}</Tag>}
        intent={check && !check.ok ? 'danger' : 'none'}
        helperText={check && !check.ok ? t(`branding:videos.${check.error}`) : undefined}
      >
        <ControlGroup fill>
          <InputGroup
            id="video-link"
            value={link}
            placeholder="https://www.youtube.com/watch?v=…"
            onValueChange={setLink}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void add();
            }}
          />
          <Button
            className={Classes.FIXED}
            icon="add"
            text={t('branding:videos.add')}
            disabled={!check?.ok}
            onClick={() => void add()}
          />
        </ControlGroup>
      </FormGroup>
      {videos.length === 0 && <Callout>{t('branding:videos.empty')}</Callout>}
      {videos.map((video) => (
        <div className="branding-video" key={video.id} data-testid="video-row">
          {video.thumbnailUrl ? (
            <img className="branding-video-thumb" src={video.thumbnailUrl} alt="" />
          ) : (
            <div className="branding-video-thumb branding-video-id">{video.id}</div>
          )}
          <div className="branding-grow">
            {fetching === video.id && <Spinner size={16} aria-label={t('branding:videos.fetching')} />}
            <LimitedInput
              id={`video-title-${video.id}`}
              aria-label={t('branding:videos.title')}
              placeholder={t('branding:videos.title')}
              value={video.title}
              max={BRANDING_LIST_LIMITS.videoTitle}
              onValueChange={(title) => update(video.id, { title })}
            />
            <LimitedInput
              id={`video-author-${video.id}`}
              aria-label={t('branding:videos.author')}
              placeholder={t('branding:videos.author')}
              value={video.authorName}
              max={BRANDING_LIST_LIMITS.videoAuthor}
              onValueChange={(authorName) => update(video.id, { authorName })}
            />
          </div>
          <Button
            icon="trash"
            variant="minimal"
            aria-label={t('branding:videos.remove')}
            title={t('branding:videos.remove')}
            onClick={() => onChange({ youtubeVideos: videos.filter((v) => v.id !== video.id) })}
          />
        </div>
      ))}
    </div>
  );
}
