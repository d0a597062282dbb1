/**
 * A podcast feed as RSS 2.0 with Apple's iTunes tags (the namespace podcast apps read):
 * every text escaped for XML, times in RFC 822, durations as whole seconds. itunes:block
 * keeps a private feed out of podcast directories.
 */

export type PodcastFeed = {
  title: string;
  author: string;
  description: string;
  link: string;
  imageUrl: string | null;
  items: PodcastItem[];
};

export type PodcastItem = {
  guid: string;
  title: string;
  genre: string;
  link: string;
  publishedAt: Date;
  durationSeconds: number | null;
  enclosure: { url: string; bytes: number; type: string };
};

export function renderPodcastRss(feed: PodcastFeed): string {
  const image = feed.imageUrl ? `\n    <itunes:image href="${escapeXml(feed.imageUrl)}"/>` : '';
  const items = feed.items.map(renderItem).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:content="http://purl.org/rss/1.0/modules/content/">
  <channel>
    <title>${escapeXml(feed.title)}</title>
    <link>${escapeXml(feed.link)}</link>
    <description>${escapeXml(feed.description)}</description>
    <language>en</language>
    <itunes:author>${escapeXml(feed.author)}</itunes:author>
    <itunes:explicit>false</itunes:explicit>
    <itunes:block>Yes</itunes:block>${image}
    <itunes:category text="Music"/>${items}
  </channel>
</rss>
`;
}

function renderItem(item: PodcastItem): string {
  const duration =
    item.durationSeconds === null
      ? ''
      : `\n      <itunes:duration>${Math.round(item.durationSeconds)}</itunes:duration>`;
  return `
    <item>
      <title>${escapeXml(item.title)}</title>
      <link>${escapeXml(item.link)}</link>
      <guid isPermaLink="false">${escapeXml(item.guid)}</guid>
      <pubDate>${item.publishedAt.toUTCString()}</pubDate>
      <category>${escapeXml(item.genre)}</category>
      <enclosure url="${escapeXml(item.enclosure.url)}" length="${item.enclosure.bytes}" type="${escapeXml(item.enclosure.type)}"/>${duration}
      <itunes:episodeType>full</itunes:episodeType>
    </item>`;
}

/** Characters XML 1.0 cannot carry at all (C0 controls but tab and newlines, lone surrogates, U+FFFE/F). */
const NOT_XML_CHARACTERS = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

/** Text and attribute values; characters XML 1.0 cannot carry are dropped. */
export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML_CHARACTERS, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
