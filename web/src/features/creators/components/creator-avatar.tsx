import type { TCreatorCard } from '@stagepass/contract/profiles';
import './creator-avatar.css';

type CreatorAvatarProps = {
  creator: Pick<TCreatorCard, 'name' | 'imageAsset'>;
  /** Rendered size in CSS pixels. */
  size: number;
};

/**
 * The creator's picture, or their initials when they have none. Decorative: the name is
 * always written beside it, so assistive tech would only hear it twice.
 */
export function CreatorAvatar({ creator, size }: CreatorAvatarProps) {
  const style = { width: size, height: size, fontSize: size * 0.4 };
  if (creator.imageAsset) {
    return (
      <img
        className="creator-avatar"
        src={creator.imageAsset.secure_url}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        style={style}
      />
    );
  }
  return (
    <span className="creator-avatar creator-avatar--initials" aria-hidden="true" style={style}>
      {getInitials(creator.name)}
    </span>
  );
}

/** 'Natasha Mwansa Tembo' → 'NM'; one word gives one letter. */
export function getInitials(name: string) {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => Array.from(word)[0]?.toUpperCase() ?? '')
    .join('');
}
