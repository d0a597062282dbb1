import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from '@stagepass/contract/auth';
import { avatarUrl } from '@stagepass/contract/media';
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema/index.ts';
import { findCurrentSession } from '../../plugins/session.ts';
import type { PageHead } from '../../plugins/web-app.ts';
import { findVisibleProfile } from './profile-view.service.ts';

const SITE_NAME = 'Stagepass';
// The largest icon of the web app (web/public/icons), for profiles without an avatar.
const DEFAULT_IMAGE_PATH = '/icons/icon-512.png';
const ONE_SEGMENT = /^\/([^/]+)\/?$/;
const USERNAME_PATTERN = new RegExp(`^[a-z0-9_.]{${USERNAME_MIN_LENGTH},${USERNAME_MAX_LENGTH}}$`, 'i');

/**
 * The head of a profile page (/@ana, or /ana when that user exists): Open Graph and
 * Twitter tags so a shared link previews with the name, bio and avatar. /@name of nobody
 * answers the SPA with 404 (the app shows its not-found page); any other one-segment path
 * that names nobody is an ordinary page of the app and is left alone. A profile hidden
 * from the viewer by a block looks exactly like an unknown one.
 */
export async function describeProfilePage(request: FastifyRequest): Promise<PageHead | undefined> {
  const segment = readSingleSegment(request.url);
  if (segment === undefined) return undefined;
  const isProfilePath = segment.startsWith('@');
  const notFound = isProfilePath ? { statusCode: 404 } : undefined;
  if (!USERNAME_PATTERN.test(segment.replace(/^@/, ''))) return notFound;

  const current = await findCurrentSession(request);
  const profile = await findVisibleProfile({
    db: request.server.db,
    username: segment,
    viewer: current?.user,
  });
  if (!profile) return notFound;
  return { statusCode: 200, headHtml: renderProfileHead(profile, request.server.config.publicUrl) };
}

function readSingleSegment(url: string): string | undefined {
  const path = url.split('?')[0] ?? '';
  const encoded = ONE_SEGMENT.exec(path)?.[1];
  if (encoded === undefined) return undefined;
  try {
    return decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
}

export function renderProfileHead(profile: UserRow, publicUrl: string): string {
  const title = `${profile.name} (${profile.username}) · ${SITE_NAME}`;
  const description = profile.bio || describeByDefault(profile);
  const url = `${publicUrl}/${profile.username}`;
  const image = `${publicUrl}${profile.avatarPublicId ? avatarUrl(profile.avatarPublicId, 256) : DEFAULT_IMAGE_PATH}`;
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  return [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', 'profile'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('property', 'profile:username', profile.username.replace(/^@/, '')),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image),
  ].join('\n    ');
}

function describeByDefault(profile: UserRow): string {
  if (profile.role === 'creator') {
    return `Videos, audio, posts and photos from ${profile.name} on ${SITE_NAME}.`;
  }
  return `${profile.name} (${profile.username}) on ${SITE_NAME}.`;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}
