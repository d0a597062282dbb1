import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { posts } from '../../db/schema/index.ts';

const TITLE_LENGTH = 60;
const UNTITLED: Record<string, string> = {
  photo: 'A photo post',
  video: 'A video post',
  text: 'A text post',
};

/**
 * A short name for each of the author's posts, for lists such as the creator's top-earning
 * items: the start of its description, cut at a word, or its kind. Posts of another author
 * or deleted ones are left out.
 */
export async function readPostTitles(
  db: Db,
  authorId: string,
  postIds: readonly string[],
): Promise<Map<string, string>> {
  if (postIds.length === 0) return new Map();
  const rows = await db
    .select({ id: posts.id, type: posts.type, description: posts.description })
    .from(posts)
    .where(and(eq(posts.authorId, authorId), inArray(posts.id, [...postIds])));
  return new Map(rows.map((row) => [row.id, titleOf(row.description, row.type)]));
}

function titleOf(description: string, type: string): string {
  const text = description.replace(/\s+/g, ' ').trim();
  if (!text) return UNTITLED[type] ?? 'A post';
  if (text.length <= TITLE_LENGTH) return text;
  const cut = text.slice(0, TITLE_LENGTH);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > TITLE_LENGTH / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
