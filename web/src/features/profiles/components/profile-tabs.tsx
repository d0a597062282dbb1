import { type ComponentType, type KeyboardEvent, Suspense, useId, useRef, useState } from 'react';

const tabs = [
  { key: 'posts', label: 'Posts' },
  { key: 'videos', label: 'Videos' },
  { key: 'audio', label: 'Audio' },
] as const;

type TabKey = (typeof tabs)[number]['key'];

export type PostsPanelProps = {
  username: string;
  name: string;
  isAuthor: boolean;
};

/**
 * The list of a creator's posts shown in the Posts tab. It belongs to the posts feature, and
 * features do not import each other's components: the app hands it to the profile page
 * (app/composed-pages/profile-page.tsx).
 */
export type PostsPanel = ComponentType<PostsPanelProps>;

export type VideoPanelProps = { username: string; name: string; isAuthor: boolean };

/** The video feature's Videos tab (a creator's videos and series), handed in by the app likewise. */
export type VideoPanel = ComponentType<VideoPanelProps>;

export type AudioPanelProps = { username: string; name: string; isAuthor: boolean };

/**
 * What the audio feature puts in the profile's Audio tab (a creator's tracks) and beside the
 * tabs ('Play songs', shown once the creator has a track). The app hands both in, each
 * loaded when first shown.
 */
export type AudioParts = {
  AudioPanel: ComponentType<AudioPanelProps>;
  PlaySongsButton: ComponentType<{ username: string }>;
};

/**
 * Posts, Videos and Audio of the profile, as ARIA tabs: arrow keys, Home and End move
 * between them (roving tabindex). Posts lists the creator's posts, Videos their videos and
 * series, Audio their tracks; only a creator's page has them (a fan publishes nothing).
 */
export function ProfileTabs({
  name,
  username,
  isAuthor,
  PostsPanel,
  VideoPanel,
  audio: { AudioPanel, PlaySongsButton },
}: {
  name: string;
  username: string;
  isAuthor: boolean;
  PostsPanel: PostsPanel;
  VideoPanel: VideoPanel;
  audio: AudioParts;
}) {
  const [selected, setSelected] = useState<TabKey>('posts');
  const baseId = useId();
  const tabRefs = useRef(new Map<TabKey, HTMLButtonElement>());

  function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.key === selected);
    const targets: Record<string, number> = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = targets[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const key = tabs[target]?.key ?? 'posts';
    setSelected(key);
    tabRefs.current.get(key)?.focus();
  }

  return (
    <section className="profile-tabs" aria-label="Content">
      <div className="profile-tabs__bar">
        <div
          role="tablist"
          aria-label={`Content of ${name}`}
          className="profile-tabs__list"
          onKeyDown={moveFocus}
        >
          {tabs.map((tab) => (
            <button
              key={tab.key}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.key, element);
                else tabRefs.current.delete(tab.key);
              }}
              type="button"
              role="tab"
              id={`${baseId}-${tab.key}-tab`}
              aria-controls={`${baseId}-${tab.key}-panel`}
              aria-selected={selected === tab.key}
              tabIndex={selected === tab.key ? 0 : -1}
              className="profile-tabs__tab"
              onClick={() => setSelected(tab.key)}
            >
              {tab.label}
            </button>
          ))}
        </div>
        <Suspense fallback={null}>
          <PlaySongsButton username={username} />
        </Suspense>
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={`${baseId}-${tab.key}-panel`}
          aria-labelledby={`${baseId}-${tab.key}-tab`}
          hidden={selected !== tab.key}
          className="profile-tabs__panel"
        >
          {/* A panel's posts, videos or tracks load when it is first shown. */}
          {selected !== tab.key ? null : tab.key === 'audio' ? (
            <AudioPanel username={username} name={name} isAuthor={isAuthor} />
          ) : tab.key === 'videos' ? (
            <VideoPanel username={username} name={name} isAuthor={isAuthor} />
          ) : (
            <PostsPanel username={username} name={name} isAuthor={isAuthor} />
          )}
        </div>
      ))}
    </section>
  );
}
